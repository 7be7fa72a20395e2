// regression: an `if` chain that repeats a test (`else if (c5) … else if (c5) …`) and leaves its variable unwritten past the last one gave the sixth branch's value there, where llvmpipe gives the fifth's (Shadertoy 4lSyR1's Mandelbrot hues past 300 degrees, a third of its pixels off)
// cause: NIR's `opt_if_evaluate_condition_use` makes the repeated test `false` in the first one's `else` and drops it before branches become selects; the select left drops the undefined side; Shade kept the second test, so its write was the one that stood
// size: 48x32
#version 300 es
precision highp float;
precision highp int;
out vec4 colour;
vec4 hue(int h) {
    vec4 c;
    float v = float(h % 60) / 60.0;
    if (0 <= h && h < 100) c = vec4(1.0, v, 0.0, 1.0); else
    if (100 <= h && h < 200) c = vec4(0.0, 1.0, v, 1.0); else
    if (200 <= h && h < 300) c = vec4(v, 0.0, 1.0, 1.0); else
    if (200 <= h && h < 300) c = vec4(1.0, 0.0, 1.0 - v, 1.0);
    return c;
}
void main() {
    int h = int(gl_FragCoord.x * 8.0 + gl_FragCoord.y);
    colour = hue(h);
}
