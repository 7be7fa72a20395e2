precision mediump float;
void f(out sampler2D s) { } // error:
void main() {
    gl_FragColor = vec4(1.0);
}
