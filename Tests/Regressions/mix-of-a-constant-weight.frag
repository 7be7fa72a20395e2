// regression: `mix(x, y, 0.3)` was the compiler's `y * 0.3 + x * 0.7`, which no rule saw; llvmpipe computes `mix(a, b * 0.7, 0.3)` as `a * 0.7 + 0.21 * b`, regroups sums of such products read from a local vector, and `mix(1.0, smoothstep(0.0, 0.4, y), 0.75)` as `0.25 + (t * 0.75) * (t * (3.0 - 2.0 * t))`
// cause: NIR lowers `flrp(a, b, c)` with a constant `c` to `a * (1.0 - c) + b * c` before its rules run, and GLSL IR writes `smoothstep` out, so the constant rules move constants into both products and into the cubic (found in Shadertoy MdGfzh's terrain)
// size: 48x32
#version 300 es
precision highp float;
out vec4 colour;
float low(float x) { return fract(x * 1048576.0); }
void main() {
    float a = gl_FragCoord.x / 37.0, b = gl_FragCoord.y / 29.0, c = gl_FragCoord.x * gl_FragCoord.y * 0.001;
    float r1 = mix(a, b * 0.7, 0.3);
    float r2 = mix(a * 1.7, b, 0.3);
    float r3 = mix(1.0, smoothstep(0.0, 0.4, abs(gl_FragCoord.y * 0.01)), 0.75);
    vec3 v = mix(vec3(a, b, c), vec3(b, c, a) * 0.7, vec3(0.3, 0.6, 0.2));
    vec3 col = mix(vec3(a, b, 0.5), vec3(0.2, 0.3, 0.4), 0.35);
    float r4 = v.x + v.y + v.z;
    float r5 = col.x * 0.5 + col.y * col.z;
    float r6 = mix(0.3, smoothstep(0.1, 0.9, a * 0.1), 0.4) * 1.7;
    colour = vec4(low(r1) + low(r2), low(r3) + low(r4), low(r5), low(r6)) / 2.0;
}
