// filter: localBinaryPattern
// title: Local binary pattern
// category: processing
// summary: encodes which of the 8 neighbours are at least as bright as the centre as one 8-bit code per pixel (texture descriptor)
// formula: Y = luma; bit k is 1 when Y_k >= Y_centre, with weights 1 right, 2 top-right, 4 top, 8 top-left, 16 left, 32 bottom-left, 64 bottom, 128 bottom-right; out = (vec3(code / 255), 1)
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

float luma(vec2 p)
{
    return dot(texture2D(inputImageTexture, p).rgb, vec3(0.2125, 0.7154, 0.0721));
}

void main()
{
    float c = luma(textureCoordinate);
    float code = step(c, luma(rightTextureCoordinate))
        + 2.0 * step(c, luma(topRightTextureCoordinate))
        + 4.0 * step(c, luma(topTextureCoordinate))
        + 8.0 * step(c, luma(topLeftTextureCoordinate))
        + 16.0 * step(c, luma(leftTextureCoordinate))
        + 32.0 * step(c, luma(bottomLeftTextureCoordinate))
        + 64.0 * step(c, luma(bottomTextureCoordinate))
        + 128.0 * step(c, luma(bottomRightTextureCoordinate));
    gl_FragColor = vec4(vec3(code / 255.0), 1.0);
}
