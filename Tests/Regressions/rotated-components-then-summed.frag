// regression: `p.xy *= mat2(c, -s, s, c); p.y += w;` summed `(p.x * s + p.y * c) + w` as written; llvmpipe adds w to the first product before the second, `(p.y * c + w) + p.x * s`
// cause: NIR sees each component of a vector-times-matrix as a dot product, and reassociates its sum with what is added to it (`(a * b + c * d) + e`); Shade gave a version to assignments of one component only, so a rotation through `p.xy *=` a dot in a local (`float y = dot(u, v); y + w`) and `r.xz = m * r.xz` (`(m[0][i] * r.x + m[1][i] * r.z) + w`) were not seen through (found in Shadertoy XclXzN's raymarched field, 17% of its pixels matching)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
mat2 rotation(float a) { float c = cos(a), s = sin(a); return mat2(c, -s, s, c); }
void main() {
    vec3 p = vec3(gl_FragCoord.xy * 0.013, 1.0);
    float a = gl_FragCoord.x * 0.37 + gl_FragCoord.y;
    p.xy *= mat2(cos(a), -sin(a), sin(a), cos(a));
    p.y += sin(gl_FragCoord.y * 0.1) / 10.0;
    vec3 q = vec3(gl_FragCoord.yx * 0.021, 0.5);
    q.zx *= mat2(cos(a), sin(a), -sin(a), cos(a));
    q.x += sin(gl_FragCoord.x * 0.3) / 7.0;
    float y = dot(p.xz, vec2(sin(a), cos(a)));
    y += sin(gl_FragCoord.y * 0.2) / 3.0;
    vec3 r = vec3(gl_FragCoord.xy * 0.017, 0.25);
    r.xz = rotation(a) * r.xz;
    r.z += sin(gl_FragCoord.x * 0.2) / 5.0;
    colour = vec4(fract(p.y * 1048576.0), fract(q.x * 1048576.0), fract(y * 1048576.0), fract(r.z * 1048576.0));
}
