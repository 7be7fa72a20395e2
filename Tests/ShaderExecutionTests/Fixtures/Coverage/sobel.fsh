// covers: a 3x3 vertex stage's neighbour varyings, length
// inputs: chelsea
// vertex: nearby3x3
precision highp float;
varying vec2 textureCoordinate;
varying vec2 leftTextureCoordinate;
varying vec2 rightTextureCoordinate;
varying vec2 topTextureCoordinate;
varying vec2 topLeftTextureCoordinate;
varying vec2 topRightTextureCoordinate;
varying vec2 bottomTextureCoordinate;
varying vec2 bottomLeftTextureCoordinate;
varying vec2 bottomRightTextureCoordinate;
uniform sampler2D inputImageTexture;

// Sobel gradient magnitude of the red channel (written for Shade).
float red(vec2 at) { return texture2D(inputImageTexture, at).r; }

void main()
{
    float gx = -red(topLeftTextureCoordinate) - 2.0 * red(topTextureCoordinate) - red(topRightTextureCoordinate)
        + red(bottomLeftTextureCoordinate) + 2.0 * red(bottomTextureCoordinate) + red(bottomRightTextureCoordinate);
    float gy = -red(bottomLeftTextureCoordinate) - 2.0 * red(leftTextureCoordinate) - red(topLeftTextureCoordinate)
        + red(bottomRightTextureCoordinate) + 2.0 * red(rightTextureCoordinate) + red(topRightTextureCoordinate);
    gl_FragColor = vec4(vec3(length(vec2(gx, gy))), 1.0);
}
