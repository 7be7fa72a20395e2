// vertex: nearbyTexelSampling
// summary: passes the texture coordinates of the pixel and of its eight neighbours, one texel
//   (texelWidth, texelHeight) apart, for 3x3 filters; "top" is the row above in the file (t smaller)
attribute vec4 position;
attribute vec4 inputTextureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
varying vec2 textureCoordinate;
varying vec2 leftTextureCoordinate;
varying vec2 rightTextureCoordinate;
varying vec2 topTextureCoordinate;
varying vec2 topLeftTextureCoordinate;
varying vec2 topRightTextureCoordinate;
varying vec2 bottomTextureCoordinate;
varying vec2 bottomLeftTextureCoordinate;
varying vec2 bottomRightTextureCoordinate;

void main()
{
    gl_Position = position;
    vec2 p = inputTextureCoordinate.xy;
    vec2 dx = vec2(texelWidth, 0.0);
    vec2 dy = vec2(0.0, texelHeight);
    textureCoordinate = p;
    leftTextureCoordinate = p - dx;
    rightTextureCoordinate = p + dx;
    topTextureCoordinate = p - dy;
    bottomTextureCoordinate = p + dy;
    topLeftTextureCoordinate = p - dx - dy;
    topRightTextureCoordinate = p + dx - dy;
    bottomLeftTextureCoordinate = p - dx + dy;
    bottomRightTextureCoordinate = p + dx + dy;
}
