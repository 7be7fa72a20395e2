precision mediump float;
void main() {
    mat2 m = mat2(1.0, 2.0, 3.0); // error: 'mat2'
    gl_FragColor = vec4(m[0], m[1]);
}
