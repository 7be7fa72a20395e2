precision mediump float;
void f() {
    return 1.0; // error: void
}
void main() {
    f();
    gl_FragColor = vec4(1.0);
}
