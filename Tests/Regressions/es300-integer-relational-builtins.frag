#version 300 es
// regression: lessThan, equal and the other relational built-ins on ivec and uvec compared
// the integers' bits as floats: small ints are denormals, flushed to zero (equal(ivec2(1),
// ivec2(0)) was true), and negative ints and large uints order wrongly
// found by: shade difftest --language es300 --seed 13, shrunk (all(equal(ivec4(1),
// ivec4(gl_FragCoord))) was true at every pixel); then written out for each function
// size: 16x8
precision highp float;
precision highp int;
in vec2 textureCoordinate;
out vec4 color;
void main() {
    int x = int(textureCoordinate.x * 16.0) - 8;
    ivec2 a = ivec2(x, 1);
    bvec2 e = equal(a, ivec2(0, 0));
    bvec2 l = lessThan(a, ivec2(-3, 2));
    bvec2 n = notEqual(a, ivec2(2, 0));
    bvec2 g = greaterThanEqual(uvec2(uint(x)), uvec2(7u, 0x80000000u));
    color = vec4(e.x ? 1.0 : (e.y ? 0.75 : 0.0), l.x ? (l.y ? 1.0 : 0.5) : 0.25,
                 n.x && n.y ? 1.0 : 0.0, g.x ? (g.y ? 1.0 : 0.5) : 0.0);
}
