precision mediump float;
void main() {
    float a = 1.0;
    bool b = !a; // error: '!'
    gl_FragColor = vec4(1.0);
}
