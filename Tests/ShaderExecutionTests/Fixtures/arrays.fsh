precision highp float;
varying vec2 textureCoordinate;
uniform float weights[5];
uniform vec3 palette[4];
uniform mat3 colorMatrix;
uniform int count;

// Uniform and local arrays indexed per lane, matrices, while and do-while loops, ternaries.
void main() {
    vec3 acc = vec3(0.0);
    float local[4];
    for (int i = 0; i < 4; i++) local[i] = float(i) * 0.25;
    int k = int(textureCoordinate.x * 4.0);
    int j = 0;
    while (j < count) {
        acc += palette[int(mod(float(k + j), 4.0))] * weights[j];
        j++;
    }
    float t = 0.0;
    int n = 0;
    do { t += local[n] * textureCoordinate.y; n += 1; } while (n <= k);
    mat2 r = mat2(cos(t), sin(t), -sin(t), cos(t));
    vec2 v = r * (textureCoordinate - 0.5) + 0.5;
    vec3 c = colorMatrix * acc;
    local[k] = v.x;
    gl_FragColor = vec4(c.r, k > 1 ? local[k] : v.y, (vec2(t) * r).x, 1.0);
}
