// expect: ok
precision highp float;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
void main()
{
    vec2 step = vec2(texelWidth, texelHeight);
    vec4 sum = vec4(0.0);
    sum += texture2D(inputImageTexture, textureCoordinate - 4.0 * step) * 0.05;
    sum += texture2D(inputImageTexture, textureCoordinate - 3.0 * step) * 0.09;
    sum += texture2D(inputImageTexture, textureCoordinate - 2.0 * step) * 0.12;
    sum += texture2D(inputImageTexture, textureCoordinate - 1.0 * step) * 0.15;
    sum += texture2D(inputImageTexture, textureCoordinate) * 0.18;
    sum += texture2D(inputImageTexture, textureCoordinate + 1.0 * step) * 0.15;
    sum += texture2D(inputImageTexture, textureCoordinate + 2.0 * step) * 0.12;
    sum += texture2D(inputImageTexture, textureCoordinate + 3.0 * step) * 0.09;
    sum += texture2D(inputImageTexture, textureCoordinate + 4.0 * step) * 0.05;
    gl_FragColor = sum;
}
