precision mediump float;
void main() {
    mat2 m = mat2(1.0);
    vec2 c = m[2]; // error: out of range
    gl_FragColor = vec4(c, 0.0, 1.0);
}
