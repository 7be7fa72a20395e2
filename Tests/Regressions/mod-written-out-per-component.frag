// regression: `p = mod(p + 10.0, 20.0) - 10.0` with each component of `p` read once, then `abs(p.z)`: NIR lowers `mod` to `x - 20.0 * floor(x / 20.0)` whatever `x` is (an SSA value is read twice for free) and, its values being scalars, moves the `- 10.0` into each component's chain (`(x - 10.0) - 20.0 * floor(…)`, then `x - 10.0` folds with the `+ 10.0` inside `x`); Shade wrote `mod` out only for an `x` of at most 6 nodes and moved constants only into a vector used once as a whole (fscfWX's folded space: 11% of its pixels off on its first frame)
// cause: `mod` is written out for an `x` of up to 16 nodes, and a vector local each component of which is used once has its initializer's chains regrouped as NIR's scalar ones are
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    float tt = 10.0 + floor(gl_FragCoord.y / 1000.0);
    vec2 uv = gl_FragCoord.xy / vec2(48.0, 32.0) - 0.5;
    vec3 rd = vec3(uv.x * uv.y + uv.x, uv.y * 1.7 - uv.x, 0.9 + uv.y * uv.y);
    vec3 p = vec3(0.0, 0.0, -15.0) + rd * 5.0;
    p = mod(p + 10.0, 20.0) - 10.0;
    p.z = abs(p.z) + sin(tt * 0.3);
    p.x = abs(p.x) - 1.5 + cos(tt * 0.3);
    colour = vec4(fract(p.z * 65536.0), fract(p.x * 65536.0), fract(p.y * 4096.0), 1.0);
}
