precision mediump float;
float b(float x);
float a(float x) { return b(x); }
float b(float x) { return a(x); } // error: recursion
void main() {
    gl_FragColor = vec4(a(1.0));
}
