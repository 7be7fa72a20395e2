// regression: `mix(dot(p, ax) * ax, p, c)` with `ax = vec3(1, 0, 0)` and an infinite `p.x` gave NaN in x (`inf + c * (inf - inf)`); llvmpipe keeps `p.x`
// cause: NIR drops the products by 0 and 1, and then `flrp(a, a, t) -> a` on the x component; Shade computed the mix as written (found in Shadertoy NdjGDm's `erot`: a ray gone to infinity, 0.9% of the pixels matching); the reference interpreter's `cross((1, 0, 0), p)` also gave NaN for `0 * inf` where the engines and llvmpipe drop the product
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
vec3 erot(vec3 p, vec3 ax, float ro) {
    return mix(dot(p, ax) * ax, p, cos(ro)) + sin(ro) * cross(ax, p);
}
float state(float x) { return isinf(x) ? 1.0 : isnan(x) ? 0.25 : 0.5; }
void main() {
    vec3 p = vec3(exp(gl_FragCoord.x * 4.0), gl_FragCoord.y * 0.05, 0.3);
    vec3 q = erot(p, vec3(1, 0, 0), gl_FragCoord.y * 0.1);
    float s = mix(p.x * 1.0, p.x, 0.3);
    colour = vec4(state(q.x), fract(q.y), state(s), 1.0);
}
