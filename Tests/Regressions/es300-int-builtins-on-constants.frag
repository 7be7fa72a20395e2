#version 300 es
// regression: int and uint built-ins on constants (abs, sign, min, max, clamp, the relational
// functions) were folded through floats: an int result came out as a float, which a native-
// integer program then read as its bits (abs(-3) gave 1077936128), and large uints compared
// equal after rounding
// found by: adding the reference interpreter's GLSL ES 3.00 built-ins (they go through the
// constant folder), then the dEQP-GLES3 and piglit corpus comparisons
// size: 8x8
precision highp float;
precision highp int;
out vec4 color;
void main() {
    const int a = abs(-3);
    const int b = max(2, 7) - min(2, 7) + clamp(9, 0, 4) + sign(-5);
    const uint c = max(4294967295u, 4294967294u) - 4294967294u;
    const bvec2 d = greaterThan(uvec2(4294967295u, 1u), uvec2(4294967294u, 2u));
    color = vec4(float(a) / 4.0, float(b) / 16.0, float(c) / 2.0, d.x && !d.y ? 1.0 : 0.25);
}
