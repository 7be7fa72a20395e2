// filter: thresholdSketch
// title: Threshold sketch
// category: effect
// summary: a pen drawing: black where the Sobel gradient magnitude exceeds threshold, white elsewhere
// formula: G = Sobel gradient of luma; out = (vec3(1 - step(threshold, edgeStrength |G|)), 1)
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: threshold float default 0.25 range 0.0...1.0
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
uniform float threshold;
uniform float edgeStrength;

float luma(vec2 p)
{
    return dot(texture2D(inputImageTexture, p).rgb, vec3(0.2125, 0.7154, 0.0721));
}

void main()
{
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
    float edge = edgeStrength * length(vec2(gx, gy));
    gl_FragColor = vec4(vec3(1.0 - step(threshold, edge)), 1.0);
}
