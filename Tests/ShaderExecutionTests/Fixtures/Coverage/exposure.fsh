// covers: pow, exp2
// inputs: coffee
// uniforms: exposure=0.6
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float exposure;
// GPUImage's exposure filter, plus an exp2 ramp in blue.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 e = c.rgb * pow(2.0, exposure);
    gl_FragColor = vec4(e.rg, e.b * exp2(-textureCoordinate.x), c.a);
}
