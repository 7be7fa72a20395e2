// regression: an assignment's value read after a later assignment to the same variable (`vec2(s += 0.125, s += 0.125)` gave the second sum twice), found in Shadertoy 4tVGWR's `hash2()`
// cause: the value of `s += c` and `++i` was the variable's storage, not a copy of what was stored
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
float seed;
vec2 twice() { return vec2(seed += 0.125, seed += 0.125); }
void main() {
    seed = floor(gl_FragCoord.x) / 64.0;
    vec2 a = twice();
    int i = int(gl_FragCoord.y) / 4;
    ivec2 b = ivec2(++i, ++i);
    float t = floor(gl_FragCoord.y) / 64.0;
    float c = (t = t + 0.25) + (t = t * 2.0);
    colour = vec4(a.x, a.y - a.x + float(b.x) / 16.0, float(b.y - b.x) / 4.0 + c / 4.0, seed);
}
