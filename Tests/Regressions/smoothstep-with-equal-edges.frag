// regression: `smoothstep(e, e, x)` with two equal constant edges gave a step, where llvmpipe's picture holds 0 wherever the value reaches it (Shadertoy XXjGzR's board: `smoothstep(0.45, .45, d)` grid lines make the whole grid black there, a third of its pixels)
// cause: Mesa's `smoothstep` divides `x - edge0` by `edge1 - edge0`, here a constant +0.0: a division by zero, undefined to LLVM as a written one is; Shade computed the division
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 uv = gl_FragCoord.xy / vec2(48.0, 32.0);
    float d = abs(fract(uv.x * 4.0) - 0.5);
    // Unequal edges, and a constant argument, are ordinary.
    float ramp = smoothstep(0.2, 0.3, uv.y) + smoothstep(0.5, 0.5, 0.7);
    float edge = smoothstep(0.3, 0.4, d);
    float line = smoothstep(0.45, 0.45, d);
    vec3 grid = mix(vec3(0.2, 0.5, 0.9), vec3(0.0), line);
    colour = vec4(ramp * 0.5, edge, 0.0, 1.0);
    // The line's blue reaches the framebuffer as 0, and so does what is added to it.
    colour.b = grid.b + edge * 0.1;
}
