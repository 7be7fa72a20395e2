// regression: a function with a loop (`randomCircuit`: six trips of `n += 12.78` feeding an integer hash) gave other points than llvmpipe wherever its argument was `2532.0 + 25698.0 * j`, a third of the pixels
// cause: Mesa inlines every call, so NIR folds the argument's constant into the unrolled loop's sums (`(2532.0 + 25698.0 * j) + 12.78` is `2544.78 + 25698.0 * j`), and `(n * 2.356) * vec2(4660.0, 22136.0)` in the hash is `n * vec2(10978.96, 52152.414)`; Shade wrote out only functions of declarations and one return, and did not fold a constant through a local reading a loop counter (found in Shadertoy XlSBDK)
// size: 48x32
// uniforms: t=0.0
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
vec2 hash(float p) {
    uvec2 x = uvec2(p * vec2(0x1234, 0x5678));
    x = ((x >> 8U) ^ x.yx) * 1103515245U;
    x = ((x >> 8U) ^ x.yx) * 1103515245U;
    return vec2(x) / float(0xffffffffU);
}
vec3 sphereRandom(float n) {
    vec2 h = hash(n);
    float z = h.x * 2.0 - 1.0;
    float t = radians(360.0) * h.y;
    float v = sqrt(1.0 - z * z);
    return vec3(v * cos(t), v * sin(t), z);
}
vec3 randomCircuit(float t, float n) {
    vec3 p = vec3(0);
    for (int i = 0; i < 6; i++) {
        p += sphereRandom(n) * cos(t) + sphereRandom(n * 2.356) * sin(t);
        n += 12.78;
        t *= 1.36456;
    }
    return p;
}
uniform float t;
void main() {
    float j = floor(gl_FragCoord.x / 8.0);
    float i = floor(gl_FragCoord.y / 8.0);
    vec3 pos = randomCircuit(0.6 * t - i * 0.03, 2532.0 + 25698.0 * j);
    colour = vec4(fract(pos), 1.0);
}
