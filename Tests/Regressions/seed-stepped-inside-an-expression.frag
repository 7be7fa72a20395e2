// regression: an `inout` seed stepped inside an expression, `vec2(seed += 0.1, seed += 0.1)` (nimitz's hash in Shadertoy path tracers), was summed as written; GLSL IR and NIR make each step a store and a read, so the second component is `seed + 0.2` on llvmpipe (NIR's `#a + (b + #c)` through the first step), and the hash of its bits differs wherever the two roundings do (styBR1's lens samples: its first frame's rays)
// cause: assignments inside expressions are now written as statements before theirs (`MesaAssignmentHoisting`), `out` and `inout` parameters get versions like globals, and a constant sum is seen through locals whose values are unchanged up to the read
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
uint baseHash(uvec2 p) {
    p = 1103515245U * ((p >> 1U) ^ (p.yx));
    uint h32 = 1103515245U * ((p.x) ^ (p.y >> 3U));
    return h32 ^ (h32 >> 16);
}
vec2 hash2(inout float seed) {
    uint n = baseHash(floatBitsToUint(vec2(seed += 0.1, seed += 0.1)));
    uvec2 rz = uvec2(n, n * 48271U);
    return vec2(rz.xy & uvec2(0x7fffffffU)) / float(0x7fffffff);
}
float hashSeed = 0.0;
void main() {
    hashSeed = float(baseHash(floatBitsToUint(gl_FragCoord.xy))) / float(0xffffffffU) + floor(gl_FragCoord.y / 1000.0);
    vec2 a = hash2(hashSeed);
    vec2 b = hash2(hashSeed);
    colour = vec4(a, b.x, fract(hashSeed * 1024.0));
}
