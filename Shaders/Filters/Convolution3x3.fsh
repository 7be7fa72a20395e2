// filter: convolution3x3
// title: 3x3 convolution
// category: processing
// summary: convolves the colour with a 3x3 kernel; alpha kept
// formula: rgb' = sum_{row, col} K[row][col] in(x + (col - 1, row - 1)).rgb; K is given in reading order (top row first), so as GL column-major mat3 data each matrix column is a kernel row: convolutionMatrix[row][col]
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: convolutionMatrix mat3 default 0,0,0,0,1,0,0,0,0 -- nine weights, top row first
// example: convolutionMatrix=-1,0,1,-2,0,2,-1,0,1
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
uniform mat3 convolutionMatrix;

vec3 rgbAt(vec2 p)
{
    return texture2D(inputImageTexture, p).rgb;
}

void main()
{
    vec4 center = texture2D(inputImageTexture, textureCoordinate);
    mat3 k = convolutionMatrix;
    vec3 top = k[0][0] * rgbAt(topLeftTextureCoordinate) + k[0][1] * rgbAt(topTextureCoordinate)
        + k[0][2] * rgbAt(topRightTextureCoordinate);
    vec3 middle = k[1][0] * rgbAt(leftTextureCoordinate) + k[1][1] * center.rgb
        + k[1][2] * rgbAt(rightTextureCoordinate);
    vec3 bottom = k[2][0] * rgbAt(bottomLeftTextureCoordinate) + k[2][1] * rgbAt(bottomTextureCoordinate)
        + k[2][2] * rgbAt(bottomRightTextureCoordinate);
    gl_FragColor = vec4(top + middle + bottom, center.a);
}
