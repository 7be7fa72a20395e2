precision mediump float;
void main() {
    mat2 m = mat2(1.0);
    m *= vec2(1.0); // error: '*='
    gl_FragColor = vec4(m[0], 0.0, 1.0);
}
