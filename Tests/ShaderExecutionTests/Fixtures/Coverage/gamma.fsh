// covers: pow with vector exponents
// inputs: chelsea
// uniforms: gamma=1.8
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float gamma;
// GPUImage's gamma filter with a per-channel twist.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(pow(c.rgb, vec3(gamma, gamma * 0.5, 1.0 / gamma)), c.a);
}
