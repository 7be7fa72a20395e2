// filter: directionalSobelEdgeDetection
// title: Directional Sobel edge detection
// category: processing
// summary: Sobel gradient of the red channel with its direction, for non-maximum suppression (Canny's second step)
// formula: G = (Gx, Gy) Sobel of the red channel (Gy positive downwards); r = |G|, (g, b) = G / |G| * 0.5 + 0.5, or 0.5 where |G| < 0.001 (a gradient of 8-bit data is either 0, give or take rounding, or at least 1/255), a = 1
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
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

float red(vec2 p)
{
    return texture2D(inputImageTexture, p).r;
}

void main()
{
    float tl = red(topLeftTextureCoordinate);
    float t = red(topTextureCoordinate);
    float tr = red(topRightTextureCoordinate);
    float l = red(leftTextureCoordinate);
    float r = red(rightTextureCoordinate);
    float bl = red(bottomLeftTextureCoordinate);
    float b = red(bottomTextureCoordinate);
    float br = red(bottomRightTextureCoordinate);
    vec2 g = vec2((tr + 2.0 * r + br) - (tl + 2.0 * l + bl),
                  (bl + 2.0 * b + br) - (tl + 2.0 * t + tr));
    float magnitude = length(g);
    vec2 direction = magnitude >= 0.001 ? g / magnitude : vec2(0.0);
    gl_FragColor = vec4(magnitude, direction * 0.5 + 0.5, 1.0);
}
