precision mediump float;
void main() {
    int i = 1;
    if (i) { // error: bool
        gl_FragColor = vec4(1.0);
    }
}
