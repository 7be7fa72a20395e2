// expect: ok
precision mediump float;
void main() {
    float a[int(3.7)];
    a[2] = 1.0;
    float b[int(-1.5) + 3];
    b[1] = 0.5;
    gl_FragColor = vec4(a[2], b[1], 0.0, 1.0);
}
