// filter: bilateralBlur
// title: Bilateral blur
// category: processing
// summary: edge-preserving blur: neighbours are weighted by distance and by colour similarity
// formula: out(x) = sum_y w(x,y) in(y) / sum_y w(x,y) over |y - x|_inf <= ceil(2 sigma), w = exp(-|y - x|^2 / (2 sigma^2)) exp(-(distanceNormalizationFactor |in(y).rgb - in(x).rgb|)^2 / 2)
// inputs: 1
// parameter: sigma float default 4.0 range 0.0...8.0 -- spatial standard deviation in pixels (window reaches 2 sigma, at most 16 pixels)
// parameter: distanceNormalizationFactor float default 8.0 range 1.0...20.0 -- larger preserves weaker edges; colour standard deviation is 1 / this
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float sigma;
uniform float distanceNormalizationFactor;

const int maxRadius = 16;

void main()
{
    vec4 center = texture2D(inputImageTexture, textureCoordinate);
    if (sigma <= 0.0) {
        gl_FragColor = center;
        return;
    }
    int radius = int(ceil(2.0 * sigma));
    float spatialFalloff = -0.5 / (sigma * sigma);
    float rangeFalloff = -0.5 * distanceNormalizationFactor * distanceNormalizationFactor;
    vec4 sum = vec4(0.0);
    float total = 0.0;
    for (int j = -maxRadius; j <= maxRadius; j++) {
        if (j < -radius || j > radius) {
            continue;
        }
        for (int i = -maxRadius; i <= maxRadius; i++) {
            if (i < -radius || i > radius) {
                continue;
            }
            vec2 k = vec2(float(i), float(j));
            vec4 tap = texture2D(inputImageTexture,
                                    textureCoordinate + k * vec2(texelWidth, texelHeight));
            vec3 dc = tap.rgb - center.rgb;
            float w = exp(dot(k, k) * spatialFalloff + dot(dc, dc) * rangeFalloff);
            sum += w * tap;
            total += w;
        }
    }
    gl_FragColor = sum / total;
}
