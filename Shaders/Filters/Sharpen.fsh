// filter: sharpen
// title: Sharpen
// category: processing
// summary: sharpens with a 4-neighbour Laplacian
// formula: rgb' = (1 + 4 sharpness) c - sharpness (c_left + c_right + c_top + c_bottom); alpha kept
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: sharpness float default 0.0 range -4.0...4.0 -- negative values blur
// example: sharpness=1.0
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
uniform float sharpness;

void main()
{
    vec4 center = texture2D(inputImageTexture, textureCoordinate);
    vec3 neighbours = texture2D(inputImageTexture, leftTextureCoordinate).rgb
        + texture2D(inputImageTexture, rightTextureCoordinate).rgb
        + texture2D(inputImageTexture, topTextureCoordinate).rgb
        + texture2D(inputImageTexture, bottomTextureCoordinate).rgb;
    gl_FragColor = vec4((1.0 + 4.0 * sharpness) * center.rgb - sharpness * neighbours, center.a);
}
