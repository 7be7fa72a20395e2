// covers: floor, mod, fract, texture2D at cell centres
// inputs: chelsea
// uniforms: fractionalWidthOfPixel=0.0625 aspectRatio=0.75
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float fractionalWidthOfPixel;
uniform float aspectRatio;
// GPUImage's pixellate plus a checker from mod/fract.
void main()
{
    vec2 sampleDivisor = vec2(fractionalWidthOfPixel, fractionalWidthOfPixel / aspectRatio);
    vec2 uv = textureCoordinate - mod(textureCoordinate, sampleDivisor) + 0.5 * sampleDivisor;
    vec4 c = texture2D(inputImageTexture, uv);
    float f = fract(textureCoordinate.x * 7.3 + textureCoordinate.y * 3.1);
    gl_FragColor = vec4(c.rgb, 0.5 + 0.5 * f);
}
