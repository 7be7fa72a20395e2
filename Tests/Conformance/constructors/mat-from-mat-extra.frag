precision mediump float;
uniform mat3 m;
void main() {
    mat4 b = mat4(m, 1.0); // error: matrix
    gl_FragColor = b[0];
}
