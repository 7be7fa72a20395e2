// regression: Dave Hoskins' "hash without sine" (`p3 = fract(vec3(p.xyx) * .1031); p3 += dot(p3, p3.yzx + 33.33)`) and Inigo Quilez's `hash12` (`p = 50.0 * fract(p * 0.3183099); fract(p.x * p.y * (p.x + p.y))`) gave other numbers than llvmpipe on up to half of the pixels
// cause: NIR merges equal scalar values (`p3.x` and `p3.z` of `vec3(p.xyx) * .1031` are one value), then distributes `a * b + a * c -> a * (b + c)` in the lowered `dot` and in `p.x + p.y` of `p = 50.0 * …`; folds `(uv * 100.0).x * .1031` to `uv.x * 10.31` through the vector; and a sum added to a vector is used once per component, so the MAD rule leaves it alone (found in Shadertoy ttScDc, MdGfzh, XXS3zz, slKcDy, 4sG3DG)
// size: 48x32
#version 300 es
precision highp float;
out vec4 colour;
float hash11(float p) { vec3 p3 = fract(vec3(p) * .1031); p3 += dot(p3, p3.yzx + 19.19); return fract((p3.x + p3.y) * p3.z); }
float hash12(vec2 p) { vec3 p3 = fract(vec3(p.xyx) * .1031); p3 += dot(p3, p3.yzx + 33.33); return fract((p3.x + p3.y) * p3.z); }
vec2 hash22(vec2 p) { vec3 p3 = fract(vec3(p.xyx) * vec3(.1031, .1030, .0973)); p3 += dot(p3, p3.yzx + 33.33); return fract((p3.xx + p3.yz) * p3.zy); }
vec3 hash33(vec3 p3) { p3 = fract(p3 * vec3(.1031, .1030, .0973)); p3 += dot(p3, p3.yxz + 33.33); return fract((p3.xxy + p3.yxx) * p3.zyx); }
float iqHash12(vec2 p) { p = 50.0 * fract(p * 0.3183099); return fract(p.x * p.y * (p.x + p.y)); }
void main() {
    vec2 f = gl_FragCoord.xy;
    float a = hash11(f.x * 0.37 + f.y);
    float b = hash12(f * 100.0) + hash12(floor(f / 4.0));
    vec2 c = hash22(f * 0.5 + 1.0);
    vec3 d = hash33(vec3(f, 3.0) * 5.0);
    float e = iqHash12(floor(f * 0.7));
    colour = vec4(a, fract(b + c.x), fract(c.y + d.x + d.y), fract(d.z + e));
}
