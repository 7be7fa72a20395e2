precision mediump float;
void f(out float x);
void f(in float x) { } // error:
void main() {
    gl_FragColor = vec4(1.0);
}
