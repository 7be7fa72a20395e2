// filter: cannyEdgeDetection
// title: Canny edge detection
// category: processing
// summary: thin one-pixel edges: luminance, Gaussian blur, directional Sobel, non-maximum suppression with two thresholds, then weak edges next to strong ones are kept (one step of hysteresis)
// formula: last pass: out = 1 where the suppressed value is 1, or 0.5 with a strong (1) pixel among its 8 neighbours; else 0; alpha 1
// inputs: 1
// vertex: Vertex/NearbyTexelSampling.vsh
// parameter: sigma float default 1.0 range 0.0...8.0 -- pre-blur standard deviation in pixels
// parameter: upperThreshold float default 0.4 range 0.0...1.0 -- strong-edge gradient magnitude
// parameter: lowerThreshold float default 0.1 range 0.0...1.0 -- weak-edge gradient magnitude
// passes: 6
// pass: 1 grayscale input=input1
// pass: 2 gaussianBlur input=pass1 direction=1.0,0.0
// pass: 3 gaussianBlur input=pass2 direction=0.0,1.0
// pass: 4 directionalSobelEdgeDetection input=pass3
// pass: 5 directionalNonMaximumSuppression input=pass4
// pass: 6 self input=pass5
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

float edgeAt(vec2 p)
{
    return texture2D(inputImageTexture, p).r;
}

void main()
{
    float center = edgeAt(textureCoordinate);
    float strongest = max(max(max(edgeAt(topLeftTextureCoordinate), edgeAt(topTextureCoordinate)),
                              max(edgeAt(topRightTextureCoordinate), edgeAt(leftTextureCoordinate))),
                          max(max(edgeAt(rightTextureCoordinate), edgeAt(bottomLeftTextureCoordinate)),
                              max(edgeAt(bottomTextureCoordinate), edgeAt(bottomRightTextureCoordinate))));
    bool strong = center > 0.75;
    bool weakNearStrong = center > 0.25 && strongest > 0.75;
    gl_FragColor = vec4(vec3(strong || weakNearStrong ? 1.0 : 0.0), 1.0);
}
