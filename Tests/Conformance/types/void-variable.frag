precision mediump float;
void main() {
    void v; // error:
    gl_FragColor = vec4(1.0);
}
