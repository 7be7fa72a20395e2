precision mediump float;
void f(const float x);
void f(float x) { } // error: qualifiers
void main() {
    f(1.0);
    gl_FragColor = vec4(1.0);
}
