precision mediump float;
float f(const float x) {
    x = 2.0; // error: cannot be assigned
    return x;
}
void main() {
    gl_FragColor = vec4(f(1.0));
}
