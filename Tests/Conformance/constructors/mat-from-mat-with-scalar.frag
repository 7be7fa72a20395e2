precision mediump float;
void main() {
    mat3 m = mat3(mat2(1.0), 1.0); // error: matrix
    gl_FragColor = vec4(m[0], 1.0);
}
