precision mediump float;
void main() {
    vec2 v = vec2(mat2(1.0), 1.0); // error: too many arguments
    gl_FragColor = vec4(v, 1.0, 1.0);
}
