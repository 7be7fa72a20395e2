precision mediump float;
void main() {
    int a = 1;
    bool b = a && true; // error: '&&'
    gl_FragColor = vec4(1.0);
}
