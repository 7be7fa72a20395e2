precision mediump float;
float sin(float x) { // error: built-in
    return x;
}
void main() {
    gl_FragColor = vec4(sin(1.0));
}
