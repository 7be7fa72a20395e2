precision mediump float;
void main() {
    break; // error: break
    gl_FragColor = vec4(1.0);
}
