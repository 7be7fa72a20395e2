precision mediump float;
void main() {
    gl_FragColor = vec4(float[2](1.0, 2.0)[0]); // error: array constructors need GLSL ES 3.00
}
