precision mediump float;
void main() {
    float input = 1.0; // error:
    gl_FragColor = vec4(1.0);
}
