// regression: `smin(a, b, 0.0)` with `h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)` divided by +0.0 and gave min(a, b); llvmpipe draws what its undefined quotient makes of it
// cause: a division by a constant zero is undefined to llvmpipe (lp_build_div) when NIR sees the constant, which it does after inlining; Shade looked for it only where the source writes it (found in Shadertoy XfcyR2's and XfG3Dd's `smoothUnion(…, 0.0)`: a torus drawn that llvmpipe leaves out)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
float smin(float a, float b, float k) {
    float h = clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0);
    return mix(b, a, h) - k * h * (1.0 - h);
}
void main() {
    float a = gl_FragCoord.x / 32.0;
    float b = gl_FragCoord.y / 24.0;
    float s = smin(a, b, 0.0);
    float t = smin(a, b, 0.25);
    colour = vec4(s, t, smin(a * 0.5, b, 0.0) + 0.25, 1.0);
}
