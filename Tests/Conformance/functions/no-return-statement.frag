precision mediump float;
float f(float x) { // error: no return statement
    x += 1.0;
}
void main() {
    gl_FragColor = vec4(f(1.0));
}
