precision mediump float;
void main() {
    for (int i = 3; i; i--) { // error: bool
    }
    gl_FragColor = vec4(1.0);
}
