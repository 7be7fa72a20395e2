// regression: `float s = length(v); s * s` and `log(length(z))` kept the square root's rounding; llvmpipe computes `dot(v, v)` and `0.5 * log(dot(z, z))`, and a rotation by the constant angle π/4 as `c * (x - y)` (cos and sin of π/4 fold to the same float), the constant of a vector scaled before the rotation meeting the rotation's
// cause: NIR's rules `fsqrt(a) * fsqrt(a) -> fabs(a)` and `flog2(fsqrt(a)) -> 0.5 * flog2(a)`, met in NIR's order (a constant or MAD rule that meets the product first goes first, and the sum under a root that is read elsewhere is used twice), and the sums of a vector times a matrix built of scalars seen one component at a time with `cos(a)` and `sin(a)` of a constant folded (found in Shadertoy XfBGzw's complex-squared torus and rotated grid)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
const float PI = 3.14159265;
vec2 cmul(vec2 za, vec2 zb) { return za * mat2(zb.x, -zb.y, zb.yx); }
vec2 crot(vec2 z, float a) { return cmul(vec2(cos(a), sin(a)), z); }
float low(float x) { return fract(x * 1048576.0); }
void main() {
    float a = gl_FragCoord.x / 37.0, b = gl_FragCoord.y / 29.0, c = gl_FragCoord.x * gl_FragCoord.y * 0.001;
    float s = length(vec2(a, b));
    float r1 = (s * s - c * c) - 6.0;
    float r2 = s * s + c * c + 1.0;
    float t = length(vec2(b, c));
    float r3 = (t * t + 1.0) + t;
    float q = sqrt(a - b);
    float r4 = q * q * 0.37 - c;
    vec3 p = vec3(a, b, sin(gl_FragCoord.x * 0.1 + gl_FragCoord.y * 0.3));
    vec2 z = vec2(length(p.zx), p.y);
    z = cmul(z, z);
    z.x -= 6.0;
    float r5 = log(length(z)) - 0.4 + atan(z.y, z.x);
    vec2 w = crot(vec2(a - 0.3, b - 0.2), PI / 4.0);
    vec2 v = vec2(a - 0.3, b * c) * sqrt(2.0);
    vec2 u = crot(v, -PI / 4.0);
    colour = vec4(low(r1) + low(r2), low(r3) + (isnan(r4) ? 0.5 : low(r4)), low(r5) + low(u.x), low(w.x) + low(w.y) + low(u.y)) / 3.0;
}
