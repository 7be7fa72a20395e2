precision mediump float;
void main() {
    const int n = 3;
    n++; // error: cannot be assigned
    gl_FragColor = vec4(float(n));
}
