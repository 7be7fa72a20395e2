precision mediump float;
void main() {
    bool a = true;
    bool b = a + a; // error: '+'
    gl_FragColor = vec4(1.0);
}
