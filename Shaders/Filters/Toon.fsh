// filter: toon
// title: Toon
// category: effect
// summary: a cartoon look: black outlines where the Sobel edge magnitude exceeds threshold, posterized colour elsewhere
// formula: e = |Sobel(luma)|; rgb' = e > threshold ? 0 : floor(rgb quantizationLevels + 0.5) / quantizationLevels; alpha kept
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: threshold float default 0.2 range 0.0...1.0 -- edge magnitude drawn as an outline
// parameter: quantizationLevels float default 10.0 range 1.0...64.0 -- colour steps per channel
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
uniform float threshold;
uniform float quantizationLevels;

float luma(vec2 p)
{
    return dot(texture2D(inputImageTexture, p).rgb, vec3(0.2125, 0.7154, 0.0721));
}

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float tl = luma(topLeftTextureCoordinate);
    float t = luma(topTextureCoordinate);
    float tr = luma(topRightTextureCoordinate);
    float l = luma(leftTextureCoordinate);
    float r = luma(rightTextureCoordinate);
    float bl = luma(bottomLeftTextureCoordinate);
    float b = luma(bottomTextureCoordinate);
    float br = luma(bottomRightTextureCoordinate);
    float gx = (tr + 2.0 * r + br) - (tl + 2.0 * l + bl);
    float gy = (bl + 2.0 * b + br) - (tl + 2.0 * t + tr);
    float edge = length(vec2(gx, gy));
    vec3 posterized = floor(color.rgb * quantizationLevels + vec3(0.5)) / quantizationLevels;
    gl_FragColor = vec4(edge > threshold ? vec3(0.0) : posterized, color.a);
}
