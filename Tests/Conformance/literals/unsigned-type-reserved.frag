precision mediump float;
void main() {
    uint a = 1; // error:
    gl_FragColor = vec4(1.0);
}
