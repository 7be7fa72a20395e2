// regression: `pow(x, 0.0)` of a negative x was NaN (IEEE's exp2(0 * log2(x))); llvmpipe draws 1 there, and 0 where x is 0
// cause: llvmpipe's pow is `x == 0 ? 0 : exp2(log2(x) * y)` and its multiply of a constant zero is zero when it builds the code; not modelled (found in Shadertoy dly3WG's vignette, a constant colour instead of the picture)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
void main() {
    float x = -10.0 * floor(gl_FragCoord.x - 3.0) * (gl_FragCoord.y - 12.0);
    vec2 v = vec2(x, -x);
    colour = vec4(pow(x, 0.0) * 0.5, pow(v, vec2(0.0)) * 0.25, clamp(pow(x, 1.0), 0.0, 1.0));
}
