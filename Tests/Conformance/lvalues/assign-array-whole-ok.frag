// expect: ok
precision mediump float;
void main() {
    float a[3];
    a[0] = 1.0;
    a[1] = a[0] * 2.0;
    a[2] = a[1] + a[0];
    gl_FragColor = vec4(a[0], a[1], a[2], 1.0);
}
