precision mediump float;
float f(float a, float b) { return a + b; }
void main() {
    gl_FragColor = vec4(f(1.0)); // error: no matching overload
}
