// expect: ok
precision mediump float;
void main() {
    int a = 0x1F + 017 + 42;
    float b = 1e3 + 1.5e-2 + .5 + 2. + 3E+1;
    gl_FragColor = vec4(float(a), b, 0.0, 1.0);
}
