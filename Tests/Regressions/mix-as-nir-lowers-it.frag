// regression: `mix` with a weight known only when running was computed as `x + t * (y - x)` whatever its ends, where NIR's flrp lowering writes an end of zeros or ones in its strict form (`mix(x, 1.0, t)` is `x * (1.0 - t) + t`, `mix(x, 0.0, t)` is `x * (1.0 - t)`), folds a constant end into the difference (`mix(2.0, x, t)` with `x = u * 1.3 + 0.2` is `2.0 + t * (u * 1.3 + -1.8)`), moves the folded difference of constant ends into a `smoothstep`'s products (4ltGDS's sky), and regroups `y - x` when `y` is a lowered `dot` (gradient noise's `mix(a, b, f.x)`, 4ltGDS's terrain: 8% of its pixels off)
// cause: Shade's rules saw the call, not the operations llvmpipe runs; `mix` is now written out as NIR lowers it before the rules run
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 uv = (gl_FragCoord.xy - vec2(24.0, 16.0)) / 32.0;
    float a = uv.x * 1.3 + 0.2;
    float t = fract(uv.x * 3.1 + uv.y * 1.7);
    float r = mix(a, 1.0, t) * 3.1 + mix(a, 0.0, t);
    float g = mix(2.0, a, t) + mix(0.455, 0.325, smoothstep(-0.5, 1.0, uv.y * 1.5)) * 0.7;
    // Gradient noise: two corners' dot products mixed across the cell.
    vec2 p = uv * 3.7 + uv.yx * 0.31;
    vec2 i = floor(p), f = fract(p);
    vec2 ga = 2.0 * fract((i + 0.5) * vec2(27.3, 31.7)) - 1.0;
    vec2 gb = 2.0 * fract((i + vec2(1.5, 0.5)) * vec2(23.9, 19.1)) - 1.0;
    vec2 u = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    float b = mix(dot(f, ga), dot(f - vec2(1.0, 0.0), gb), u.x);
    // The low bits of each value, where one rounding shows (a last bit as 4/255).
    uvec3 bits = (floatBitsToUint(vec3(r, g, b)) & 63u) * 4u;
    colour = vec4(vec3(bits) / 255.0, 1.0);
}
