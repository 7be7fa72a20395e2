// expect: ok
#extension GL_OES_standard_derivatives : enable
#ifdef GL_ES
precision highp float;
#endif
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float threshold;
uniform float quantizationLevels;
void main()
{
    vec4 textureColor = texture2D(inputImageTexture, textureCoordinate);
    vec3 posterized = floor((textureColor.rgb * quantizationLevels) + 0.5) / quantizationLevels;
    float edge = step(threshold, length(fwidth(textureColor.rgb)) * 0.0);
    gl_FragColor = vec4(posterized * (1.0 - edge), textureColor.a);
}
