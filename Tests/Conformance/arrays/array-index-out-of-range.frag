precision mediump float;
void main() {
    float a[3];
    a[3] = 1.0; // error: out of range
    gl_FragColor = vec4(a[0]);
}
