// regression: a constant added to a component of a local vector read elsewhere too, whose value there is a constant plus a product (`p.y - 0.0005` with `ro = vec3(s, 1.8, c); p = ro + rd * d`), was rounded as written, where llvmpipe adds 1.7995 to the product; and `o.z - 0.0005` with `o = ro + rd * uv.y` read once, where llvmpipe adds the constant to `ro.z` first (Shadertoy lfjXzd's surface normals, one ulp in `length(p + e)` amplified by the normal's 1/0.0005, and a hash of the colour after: 2% of the pixels off)
// cause: NIR's `#a + (b + #c) -> (a + c) + b` asks nothing about uses, and NIR sees the SSA value behind a local and each component of a vector (`ro.y` is 1.8 to it); the MAD rule's `is_fmul` sees the product behind `ro.z`. Shade read only sums written inline and whole locals
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
void main() {
    vec2 uv = (gl_FragCoord.xy - vec2(24.0, 16.0)) / 32.0;
    vec3 ro = vec3(0.0, 1.8, 4.0);
    ro.x = sin(uv.x * 0.5) * 5.0;
    ro.z = cos(uv.y * 0.5) * 5.0;
    vec3 rd = normalize(vec3(uv, -1.0));
    float d = 3.0 + uv.x * 1.37;
    vec3 p = ro + rd * d;
    vec3 q = ro - rd * d;
    vec3 o = ro + rd * uv.y;
    float a = length(p + vec3(0.0005, -0.0005, -0.0005)) + p.x * 0.1 + p.y * 0.7 + p.z * 0.3;
    float b = (0.7 - q.y) + q.x * q.y;
    float c = o.z - 0.0005;
    // The low bits of each value, where one rounding shows (a last bit as 4/255).
    uvec3 bits = (floatBitsToUint(vec3(a, b, c)) & 63u) * 4u;
    colour = vec4(vec3(bits) / 255.0, 1.0);
}
