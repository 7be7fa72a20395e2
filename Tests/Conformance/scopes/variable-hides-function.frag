precision mediump float;
float f(float x) { return x; }
void main() {
    float f = 1.0;
    gl_FragColor = vec4(f(2.0)); // error:
}
