precision mediump float;
// mesa-differs: Mesa accepts assignment to a function call result
float f() { return 1.0; }
void main() {
    f() = 2.0; // error: l-value
    gl_FragColor = vec4(1.0);
}
