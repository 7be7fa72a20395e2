// filter: median
// title: Median 3x3
// category: processing
// summary: replaces each channel by the median of its 3x3 neighbourhood (removes salt-and-pepper noise)
// formula: c'_ch = median{ in(x + (i, j)).ch : i, j in -1..1 } for each of r, g, b, a
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

void main()
{
    vec4 v[9];
    v[0] = texture2D(inputImageTexture, topLeftTextureCoordinate);
    v[1] = texture2D(inputImageTexture, topTextureCoordinate);
    v[2] = texture2D(inputImageTexture, topRightTextureCoordinate);
    v[3] = texture2D(inputImageTexture, leftTextureCoordinate);
    v[4] = texture2D(inputImageTexture, textureCoordinate);
    v[5] = texture2D(inputImageTexture, rightTextureCoordinate);
    v[6] = texture2D(inputImageTexture, bottomLeftTextureCoordinate);
    v[7] = texture2D(inputImageTexture, bottomTextureCoordinate);
    v[8] = texture2D(inputImageTexture, bottomRightTextureCoordinate);
    // Five bubble passes put the five largest values of every channel, in order, in v[4..8];
    // v[4] is then the median. min/max work per channel, so the channels sort independently.
    for (int pass = 0; pass < 5; pass++) {
        for (int i = 0; i < 8; i++) {
            if (i >= 8 - pass) {
                break;
            }
            vec4 a = v[i];
            vec4 b = v[i + 1];
            v[i] = min(a, b);
            v[i + 1] = max(a, b);
        }
    }
    gl_FragColor = v[4];
}
