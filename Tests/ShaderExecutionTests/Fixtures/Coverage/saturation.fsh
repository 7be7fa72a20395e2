// covers: dot, mix with a scalar weight, vec3 splat
// inputs: chelsea
// uniforms: saturation=1.6
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

uniform float saturation;
// GPUImage's saturation filter.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float l = dot(c.rgb, W);
    gl_FragColor = vec4(mix(vec3(l), c.rgb, saturation), c.a);
}
