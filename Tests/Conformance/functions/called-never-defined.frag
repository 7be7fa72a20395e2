precision mediump float;
void f(float x);
void main() {
    f(1.0); // error: never defined
    gl_FragColor = vec4(1.0);
}
