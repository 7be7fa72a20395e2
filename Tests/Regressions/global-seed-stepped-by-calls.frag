// regression: a global seed stepped by a constant in each call of a function (`SEED += 1.2312;` in `Rand()`) was added up at run time, where llvmpipe adds the constants first (Shadertoy WtS3Ry's path tracer; here 86% of the first channel off)
// cause: NIR inlines every call and makes globals locals of `main`, so the steps are one chain of constants its rules fold (`SEED + 2.4624` at the second call); Shade gave versions to locals only, and not after calls were written out
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
float SEED;
float hash11(float p) {
    p = fract(p * .1031);
    p *= p + 19.19;
    p *= p + p;
    return fract(p);
}
float Rand() {
    float r = hash11(SEED);
    SEED += 1.2312;
    return r;
}
// A call between the steps that is not written out reads the global as it is.
float peek(int n) {
    float s = 0.0;
    for (int i = 0; i < n; i++) s += fract(SEED * 0.01 * float(i + 1));
    return s;
}
void main() {
    SEED = gl_FragCoord.x * 377.7 + gl_FragCoord.y * 1133.3;
    float a = Rand();
    a = Rand();
    a = Rand();
    float b = peek(int(gl_FragCoord.x) % 3 + 1);
    a = Rand();
    a = Rand();
    colour = vec4(a, fract(b), fract(SEED * 0.001), 1.0);
}
