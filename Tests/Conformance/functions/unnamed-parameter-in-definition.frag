precision mediump float;
float f(float) { // error: name
    return 1.0;
}
void main() {
    gl_FragColor = vec4(f(1.0));
}
