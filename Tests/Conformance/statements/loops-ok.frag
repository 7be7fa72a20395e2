// expect: ok
precision mediump float;
uniform float u;
void main() {
    float s = 0.0;
    for (int i = 0; i < 10; ++i) {
        if (i == 2) continue;
        if (float(i) > u * 10.0) break;
        s += 0.1;
    }
    float t = 0.0;
    while (t < 1.0) { t += 0.25; }
    do { t -= 0.5; } while (t > 0.0);
    for (;;) { break; }
    gl_FragColor = vec4(s, t, 0.0, 1.0);
}
