precision mediump float;
void main() {
    for (int i = 0; i < 2; i++) {
        int i = 3; // error: redefinition of 'i'
    }
    gl_FragColor = vec4(1.0);
}
