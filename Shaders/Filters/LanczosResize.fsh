// filter: lanczosResize
// title: Resize (Lanczos)
// category: processing
// summary: resamples to a new size with a Lanczos-3 windowed-sinc kernel (widened when shrinking, so it also anti-aliases), with stretch, aspect fit or aspect fill
// formula: as resize for q; x = q W - 0.5 (input pixels, likewise y); f = max(1, 1/s) per axis; out = sum_{i,j} L((i - x)/f) L((j - y)/f) in(i, j) / sum L L over texels with |i - x| < 3f, |j - y| < 3f (at most 12 each side); L(t) = sinc(t) sinc(t/3) for |t| < 3, else 0
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

const int maxTaps = 12;
const float pi = 3.14159265;

float lanczos3(float t)
{
    float x = abs(t);
    if (x < 1e-5) {
        return 1.0;
    }
    if (x >= 3.0) {
        return 0.0;
    }
    float px = pi * x;
    return 3.0 * sin(px) * sin(px / 3.0) / (px * px);
}

void main()
{
    vec2 inputSize = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    vec2 ratio = outputSize / inputSize;
    vec2 q = textureCoordinate;
    vec2 scale = ratio;
    if (fillMode != 0) {
        float s = fillMode == 1 ? min(ratio.x, ratio.y) : max(ratio.x, ratio.y);
        vec2 content = inputSize * s;
        q = (textureCoordinate * outputSize - 0.5 * (outputSize - content)) / content;
        scale = vec2(s);
    }
    bool inside = all(greaterThanEqual(q, vec2(0.0))) && all(lessThanEqual(q, vec2(1.0)));
    if (!inside) {
        gl_FragColor = backgroundColor;
        return;
    }
    vec2 widen = max(vec2(1.0), 1.0 / scale);
    vec2 center = q * inputSize - 0.5;
    vec2 base = floor(center);
    vec2 reach = min(ceil(3.0 * widen), vec2(float(maxTaps)));
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int j = -maxTaps; j <= maxTaps; j++) {
        float dy = base.y + float(j) - center.y;
        if (abs(float(j)) > reach.y) {
            continue;
        }
        float wy = lanczos3(dy / widen.y);
        float row = clamp(base.y + float(j), 0.0, inputSize.y - 1.0);
        for (int i = -maxTaps; i <= maxTaps; i++) {
            if (abs(float(i)) > reach.x) {
                continue;
            }
            float dx = base.x + float(i) - center.x;
            float w = lanczos3(dx / widen.x) * wy;
            float column = clamp(base.x + float(i), 0.0, inputSize.x - 1.0);
            sum += w * texture2D(inputImageTexture, (vec2(column, row) + 0.5) / inputSize);
            total += w;
        }
    }
    gl_FragColor = sum / total;
}
