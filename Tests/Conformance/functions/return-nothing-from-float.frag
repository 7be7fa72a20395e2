precision mediump float;
float f() {
    return; // error:
}
void main() {
    gl_FragColor = vec4(f());
}
