// covers: step, dot
// inputs: chelsea
// uniforms: threshold=0.45
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

uniform float threshold;
// GPUImage's luminance threshold.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float l = dot(c.rgb, W);
    gl_FragColor = vec4(vec3(step(threshold, l)), step(vec2(0.3, 0.6), c.rg).x * 0.5 + 0.5);
}
