// filter: gaussianBlur
// title: Gaussian blur
// category: processing
// summary: separable Gaussian blur of standard deviation sigma pixels (GPUImage's blurRadiusInPixels, Core Image's inputRadius)
// formula: out(x) = sum_k w_k in(x + k d) / sum_k w_k, w_k = exp(-k^2 / (2 sigma^2)),
//   |k| <= ceil(3 sigma), d = one texel along direction (horizontal in pass 1, vertical in pass 2);
//   sigma = 0 copies the input
// inputs: 1
// parameter: sigma float default 2.0 range 0.0...64.0 -- standard deviation in pixels; the kernel reaches 3 sigma (at most 192 taps each side)
// passes: 2
// pass: 1 self input=input1 direction=1.0,0.0
// pass: 2 self input=pass1 direction=0.0,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float sigma;
uniform vec2 direction; // set per pass: (1, 0) horizontal, (0, 1) vertical

const int maxRadius = 192;

void main()
{
    vec4 center = texture2D(inputImageTexture, textureCoordinate);
    if (sigma <= 0.0) {
        gl_FragColor = center;
        return;
    }
    vec2 stepSize = direction * vec2(texelWidth, texelHeight);
    int radius = int(ceil(3.0 * sigma));
    float falloff = -0.5 / (sigma * sigma);
    vec4 sum = center;
    float total = 1.0;
    for (int i = 1; i <= maxRadius; i++) {
        if (i > radius) {
            break;
        }
        float k = float(i);
        float w = exp(k * k * falloff);
        vec2 offset = k * stepSize;
        sum += w * (texture2D(inputImageTexture, textureCoordinate - offset)
                    + texture2D(inputImageTexture, textureCoordinate + offset));
        total += 2.0 * w;
    }
    gl_FragColor = sum / total;
}
