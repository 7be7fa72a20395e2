// expect: ok
#version 300 es
precision highp float;
precision highp int;
uniform vec2 v;
uniform uint p;
out vec4 color;
// Constant packs fold: 0x7FFF7FFF >> 31 is 0, 0x3C00 (half 1.0) & 1 is 0.
float zeros[1 + int(packSnorm2x16(vec2(1.0)) >> 31) + int(packHalf2x16(vec2(1.0, 0.0)) & 1u)];
void main() {
    zeros[0] = 0.0;
    uint a = packSnorm2x16(v) ^ packUnorm2x16(v) ^ packHalf2x16(v);
    color = vec4(unpackSnorm2x16(p), unpackUnorm2x16(a)) + vec4(unpackHalf2x16(p ^ a), zeros[0], 0.0);
}
