precision mediump float;
void main() {
    float f(float x) { return x; } // error:
    gl_FragColor = vec4(1.0);
}
