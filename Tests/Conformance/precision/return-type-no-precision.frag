float f() { // error: precision
    return 1.0;
}
precision mediump float;
void main() {
    gl_FragColor = vec4(f());
}
