// regression: `mix(a * c, b * c, t)` with a weight known only when running was written out as `a*c + t * (b*c - a*c)`, where NIR first factors the common operand out (`flrp(a * c, b * c, t)` is `flrp(a, b, t) * c`): added to another term, Shade's sum of two products met the MAD rule and llvmpipe's product did not (NdGyD3's columns, `abs(p.x) - 5.0 + mix(floor(p.y / 20.0) * 8.0, floor(-p.y / 20.0) * 8.0, w)`)
// cause: `mix` of two products with a common operand is now written as NIR's rule writes it, the other operands mixed and then multiplied
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 p = (gl_FragCoord.xy - vec2(24.0, 16.0)) * vec2(1.37, 2.11);
    float w = cos(p.x * 0.1 + 0.3) * 0.5 + 0.5;
    float x = abs(p.x) - 5.0 + mix(floor(p.y / 20.0) * 8.0, floor(-p.y / 20.0) * 8.0, w);
    float s = sin(p.y * 0.05);
    float y = (p.y * 0.25 - 1.0) + mix(s * p.x, s * 1.7, w * w);
    colour = vec4(fract(x * 4096.0), fract(y * 4096.0), fract(x * 16.0), 1.0);
}
