precision mediump float;
uniform mat2 m;
void main() {
    gl_FragColor = vec4(inverse(m)[0], determinant(m), 1.0); // error: 'inverse' is not available in GLSL ES 1.00
}
