// expect: ok
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
const int radius = 2;
void main()
{
    vec2 src_size = vec2(1.0 / texelWidth, 1.0 / texelHeight);
    vec2 uv = textureCoordinate;
    float n = float((radius + 1) * (radius + 1));
    vec3 m0 = vec3(0.0); vec3 m1 = vec3(0.0);
    vec3 s0 = vec3(0.0); vec3 s1 = vec3(0.0);
    vec3 c;
    for (int j = -radius; j <= 0; ++j) {
        for (int i = -radius; i <= 0; ++i) {
            c = texture2D(inputImageTexture, uv + vec2(i, j) / src_size).rgb;
            m0 += c;
            s0 += c * c;
        }
    }
    for (int j = 0; j <= radius; ++j) {
        for (int i = 0; i <= radius; ++i) {
            c = texture2D(inputImageTexture, uv + vec2(i, j) / src_size).rgb;
            m1 += c;
            s1 += c * c;
        }
    }
    float min_sigma2 = 1e+2;
    m0 /= n;
    s0 = abs(s0 / n - m0 * m0);
    float sigma2 = s0.r + s0.g + s0.b;
    if (sigma2 < min_sigma2) {
        min_sigma2 = sigma2;
        gl_FragColor = vec4(m0, 1.0);
    }
    m1 /= n;
    s1 = abs(s1 / n - m1 * m1);
    sigma2 = s1.r + s1.g + s1.b;
    if (sigma2 < min_sigma2) {
        min_sigma2 = sigma2;
        gl_FragColor = vec4(m1, 1.0);
    }
}
