// expect: ok
precision mediump float;
float f(float x) {
    if (x > 0.0) return x;
}
void main() {
    gl_FragColor = vec4(f(1.0));
}
