precision mediump float;
void main() {
    float a[2];
    float b[2];
    a[0] = 1.0; a[1] = 1.0; b[0] = 1.0; b[1] = 1.0;
    bool e = a == b; // error: '=='
    gl_FragColor = vec4(1.0);
}
