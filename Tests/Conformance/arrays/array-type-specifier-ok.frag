// expect: ok
// The grammar lets the size follow the type: `float[2] x` is `float x[2]`.
precision mediump float;
void f(out float x[2]) { x[0] = 1.0; x[1] = 2.0; }
void main() {
    float[2] x;
    f(x);
    gl_FragColor = vec4(x[1]);
}
