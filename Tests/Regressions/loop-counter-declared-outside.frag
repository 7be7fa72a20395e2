// regression: a loop whose counter is declared before it (`float i = .34; for (c = …; i < .9; i += .08, t += .8)`) ran the 8 trips a run of it makes; llvmpipe runs the 7 NIR counts (.34 + 7 * .08 fails < .9) when it unrolls it, and leaves i one step past the last trip
// cause: Shade's loop models only read counters their loop declares (found in Shadertoy ttdyRs's gears; `int i; for (i = 0; …)` in WlXGWX)
// size: 32x24
#version 300 es
precision highp float;
out vec4 colour;
void main() {
    float t = gl_FragCoord.x * 0.1, i = .34;
    vec4 c;
    for (c = vec4(0.0); i < .9; i += .08, t += .8)
        c += vec4(0.05, fract(sin(t) * 4.0), 0.0, 0.0);
    int k;
    float s = 0.0;
    for (k = 0; k < 3; k++)
        s += float(k) * 0.1;
    // A loop that can leave early keeps its counter (ds2SzD, ttjfz1: the escape-time count).
    float m = 0.0;
    for (; m < 16.0; m += 1.0)
        if (fract(sin(m * 1.7 + gl_FragCoord.x) * 43.0) > 0.8) break;
    colour = vec4(c.x, c.y / 8.0 + m / 32.0, i - 0.5, s);
}
