precision mediump float;
void main() {
    gl_FragColor = vec4(1.0);
    return 1; // error: void
}
