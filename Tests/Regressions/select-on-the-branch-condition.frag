// regression: `vec2 coord = h ? a : b; if (h) colour = … dFdx(coord) …` gave other derivatives than llvmpipe wherever a quad mixed `h`, and so did the level of detail of a mipmapped lookup in such a branch (Shadertoy MdfGzr's Sierpinski carpet: a fifth of its pixels)
// cause: NIR's `opt_if_evaluate_condition_use` folds a select on an `if`'s condition inside its branches (`a` in the `then` branch, `b` in the `else` branch), also when the select was computed before the `if`, so the quad's other lanes hold `a` there; Shade kept the select
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 a = gl_FragCoord.xy / vec2(48.0, 32.0);
    vec2 b = a * 0.37 + 0.2;
    bool h = fract(gl_FragCoord.x * 0.31 + gl_FragCoord.y * 0.17) < 0.5;
    vec2 coord = h ? a : b;
    vec4 c = vec4(coord, 0.5, 1.0);
    // More than NIR's peephole select takes (8 operations), so the branch stays a branch.
    if (h) c = vec4(dFdx(coord) * 16.0, dFdy(coord).y * 16.0 + sin(coord.x * 3.0) * cos(coord.y * 5.0) * 0.25, 1.0);
    colour = c;
}
