// filter: laplacianEdgeDetection
// title: Laplacian edge detection
// category: processing
// summary: absolute value of the 8-neighbour Laplacian of each colour channel; edges light on black
// formula: rgb' = edgeStrength |sum of the 8 neighbours - 8 centre|; alpha 1
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: edgeStrength float default 1.0 range 0.0...4.0
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
uniform float edgeStrength;

vec3 rgbAt(vec2 p)
{
    return texture2D(inputImageTexture, p).rgb;
}

void main()
{
    vec3 ring = rgbAt(topLeftTextureCoordinate) + rgbAt(topTextureCoordinate)
        + rgbAt(topRightTextureCoordinate) + rgbAt(leftTextureCoordinate)
        + rgbAt(rightTextureCoordinate) + rgbAt(bottomLeftTextureCoordinate)
        + rgbAt(bottomTextureCoordinate) + rgbAt(bottomRightTextureCoordinate);
    vec3 laplacian = ring - 8.0 * rgbAt(textureCoordinate);
    gl_FragColor = vec4(edgeStrength * abs(laplacian), 1.0);
}
