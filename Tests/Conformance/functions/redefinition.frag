precision mediump float;
float f(float x) { return x; }
float f(float y) { return y * 2.0; } // error: redefinition
void main() {
    gl_FragColor = vec4(f(1.0));
}
