// expect: ok
precision mediump float;
void main() {
    float a = 1.0;
    float b = (a += 1.0, a * 2.0);
    for (int i = 0, j = 2; i < 3; i++, a += 1.0) {
        b += float(j);
    }
    gl_FragColor = vec4(a, b, 0.0, 1.0);
}
