// filter: resize
// title: Resize (bilinear)
// category: processing
// summary: resamples to a new size with bilinear filtering, stretching, fitting (letterbox) or filling (crop) the aspect ratio
// formula: k = out/in per axis; stretch: q = u; fit: s = min(kx, ky); fill: s = max(kx, ky); content = in s, offset = (out - content) / 2, q = (u out - offset) / content; out = q in [0,1]^2 ? bilinear(in, q) : backgroundColor
// inputs: 1
// output: given default 120x120
// parameter: fillMode int default 1 range 0...2 -- 0 stretch, 1 aspect fit, 2 aspect fill
// parameter: backgroundColor color default 0.0,0.0,0.0,1.0 -- bars of aspect fit
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;   // of the input
uniform float texelHeight;
uniform vec2 outputSize;    // pixels
uniform int fillMode;
uniform vec4 backgroundColor;

void main()
{
    vec2 inputSize = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    vec2 ratio = outputSize / inputSize;
    vec2 q = textureCoordinate;
    if (fillMode != 0) {
        float s = fillMode == 1 ? min(ratio.x, ratio.y) : max(ratio.x, ratio.y);
        vec2 content = inputSize * s;
        q = (textureCoordinate * outputSize - 0.5 * (outputSize - content)) / content;
    }
    bool inside = all(greaterThanEqual(q, vec2(0.0))) && all(lessThanEqual(q, vec2(1.0)));
    gl_FragColor = inside ? texture2D(inputImageTexture, q) : backgroundColor;
}
