// regression: `pow(x, 0.0)` of a negative x was NaN (IEEE's exp2(0 * log2(x))); Mesa folds it to 1.0, so llvmpipe draws 1
// cause: NIR's `fpow(a, 0.0) -> 1.0` was not modelled (found in Shadertoy dly3WG's vignette, a constant colour instead of the picture)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
void main() {
    float x = -10.0 * gl_FragCoord.x * (gl_FragCoord.y - 12.0);
    vec2 v = vec2(x, -x);
    colour = vec4(pow(x, 0.0) * 0.5, pow(v, vec2(0.0)) * 0.25, clamp(pow(x, 1.0), 0.0, 1.0));
}
