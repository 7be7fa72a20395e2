// expect: ok
#version 300 es
precision highp float;
precision highp int;
uniform uint seed;
out vec4 color;
void main() {
    uint h = seed ^ (seed >> 16) * 0x7feb352du;
    h ^= h << 3;
    int s = int(h % 7u) - 3;
    ivec2 v = ivec2(s) & ~ivec2(1, 2);
    color = vec4(float(h & 255u) / 255.0, float(v.x >> 1), float(-s % 5), 1.0);
}
