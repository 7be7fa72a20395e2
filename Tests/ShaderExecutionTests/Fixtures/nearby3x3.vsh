#version 100
// The 3x3 neighbourhood vertex stage of the oracle fixtures, written for Shade. The varying
// names are GPUImage's interface for 3x3 filters; each neighbour is the centre plus or minus
// one step across, down or along a diagonal (the arithmetic the references were made with).
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
    vec2 centre = inputTextureCoordinate.xy;
    vec2 across = vec2(texelWidth, 0.0);
    vec2 down = vec2(0.0, texelHeight);
    vec2 diagonal = vec2(texelWidth, texelHeight);
    vec2 antidiagonal = vec2(texelWidth, -texelHeight);
    textureCoordinate = centre;
    leftTextureCoordinate = centre - across;
    rightTextureCoordinate = centre + across;
    topTextureCoordinate = centre - down;
    bottomTextureCoordinate = centre + down;
    topLeftTextureCoordinate = centre - diagonal;
    bottomRightTextureCoordinate = centre + diagonal;
    topRightTextureCoordinate = centre + antidiagonal;
    bottomLeftTextureCoordinate = centre - antidiagonal;
}
