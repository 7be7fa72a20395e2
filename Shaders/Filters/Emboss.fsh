// filter: emboss
// title: Emboss
// category: effect
// summary: a relief look from a 3x3 convolution lit from the top left
// formula: rgb' = sum K in(x + offset).rgb with K = [-2i -i 0; -i 1 i; 0 i 2i] (top row first), i = intensity; alpha kept
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: intensity float default 1.0 range 0.0...4.0
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
uniform float intensity;

vec3 rgbAt(vec2 p)
{
    return texture2D(inputImageTexture, p).rgb;
}

void main()
{
    vec4 center = texture2D(inputImageTexture, textureCoordinate);
    vec3 lit = rgbAt(rightTextureCoordinate) + rgbAt(bottomTextureCoordinate)
        + 2.0 * rgbAt(bottomRightTextureCoordinate);
    vec3 shaded = rgbAt(leftTextureCoordinate) + rgbAt(topTextureCoordinate)
        + 2.0 * rgbAt(topLeftTextureCoordinate);
    gl_FragColor = vec4(center.rgb + intensity * (lit - shaded), center.a);
}
