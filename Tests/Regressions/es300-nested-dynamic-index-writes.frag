#version 300 es
// regression: an element of a dynamically indexed element written through a second dynamic
// index (h[j][i] = …, legs[k].angle[j] += …, m[j][i]++, an out argument legs[k].angle[j])
// was refused: "nested dynamic indices are not supported"
// found by: scripts/measure-shadertoy (DdlXDS writes h[j+1][i+1], NsGBWh leg[k].cs[j]);
// then written out for each l-value form
// size: 16x8
precision highp float;
precision highp int;
in vec2 textureCoordinate;
out vec4 color;
struct Leg { float pad; vec3 angle[3]; float weight; };
void bump(out float x, float by) { x = by * 0.5; }
void main() {
    int px = int(gl_FragCoord.x), py = int(gl_FragCoord.y);
    vec4 h[4];
    for (int k = 0; k < 4; k++) h[k] = vec4(float(k) * 0.1);
    mat3 m = mat3(0.0);
    Leg legs[2];
    for (int k = 0; k < 2; k++) {
        legs[k].pad = 0.25;
        for (int j = 0; j < 3; j++) legs[k].angle[j] = vec3(0.0);
        legs[k].weight = 0.75;
    }
    for (int j = 0; j < 3; j++) {
        for (int i = 0; i < 3; i++) {
            h[(j + px) % 4][(i + py) % 4] = float(i + j) * 0.0625;
            m[(j + py) % 3][(i + px) % 3] += float(i * 3 + j) * 0.03125;
            legs[(px + j) % 2].angle[(py + i) % 3][j] += 0.125 * float(i + 1);
        }
        m[(j + px) % 3][j]++;
        bump(legs[py % 2].angle[(px + j) % 3].y, float(j));
    }
    h[px % 4].zw[py % 2] = -h[px % 4].zw[py % 2];
    vec3 s = legs[0].angle[0] + legs[1].angle[1] * 0.5 + legs[px % 2].angle[2] * 0.25;
    float mm = m[0][0] + m[1][1] * 0.5 + m[2][0] * 0.25 + m[py % 3][px % 3] * 0.125;
    color = vec4(fract(s.x + h[0].x + h[1].y), fract(s.y + h[2].z - h[3].w),
                 fract(s.z + mm * 0.25), legs[1].pad + legs[0].weight * 0.25);
}
