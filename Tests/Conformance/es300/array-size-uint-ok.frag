// expect: ok
#version 300 es
// An array size is an integral constant expression: a uint one too (GLSL ES 3.00 §4.1.9,
// §4.3.3), as Shadertoy fl33DN and tldczn write `const uint N = 12u; vec4[N] rings`.
precision highp float;
const uint N = 3u;
struct Sphere { vec3 centre; float radius; };
Sphere spheres[N];
float weights[N * 2u - 1u];
vec4 first(vec4[N] rings) { return rings[0]; }
out vec4 color;
void main() {
    vec4 rings[N];
    for (int i = 0; i < int(N); i++) rings[i] = vec4(float(i));
    spheres[1].radius = float(weights.length());
    color = first(rings) + vec4(spheres[1].radius);
}
