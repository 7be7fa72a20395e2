// filter: kuwahara
// title: Kuwahara
// category: effect
// summary: an oil-painting look: each pixel takes the mean colour of whichever of its four overlapping quadrants has the least variance
// formula: quadrants Q_k = (radius + 1)^2 pixels sharing the centre pixel (up-left, up-right, down-left, down-right); m_k = mean(rgb), s_k = sum over channels of (mean(rgb^2) - m_k^2); out = m_k with the smallest s_k (the first one on ties, in that order); alpha 1
// inputs: 1
// parameter: radius int default 3 range 1...8
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform int radius;

const int maxRadius = 8;

void main()
{
    vec3 mean[4];
    vec3 square[4];
    for (int k = 0; k < 4; k++) {
        mean[k] = vec3(0.0);
        square[k] = vec3(0.0);
    }
    for (int j = -maxRadius; j <= maxRadius; j++) {
        if (j < -radius || j > radius) {
            continue;
        }
        for (int i = -maxRadius; i <= maxRadius; i++) {
            if (i < -radius || i > radius) {
                continue;
            }
            vec2 offset = vec2(float(i) * texelWidth, float(j) * texelHeight);
            vec3 c = texture2D(inputImageTexture, textureCoordinate + offset).rgb;
            vec3 c2 = c * c;
            if (i <= 0 && j <= 0) {
                mean[0] += c;
                square[0] += c2;
            }
            if (i >= 0 && j <= 0) {
                mean[1] += c;
                square[1] += c2;
            }
            if (i <= 0 && j >= 0) {
                mean[2] += c;
                square[2] += c2;
            }
            if (i >= 0 && j >= 0) {
                mean[3] += c;
                square[3] += c2;
            }
        }
    }
    float n = float((radius + 1) * (radius + 1));
    float best = 1e20;
    vec3 result = vec3(0.0);
    for (int k = 0; k < 4; k++) {
        vec3 m = mean[k] / n;
        vec3 variance = square[k] / n - m * m;
        float s = variance.r + variance.g + variance.b;
        if (s < best) {
            best = s;
            result = m;
        }
    }
    gl_FragColor = vec4(result, 1.0);
}
