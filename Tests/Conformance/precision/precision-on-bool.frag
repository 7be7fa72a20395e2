precision mediump float;
precision lowp bool; // error:
void main() {
    gl_FragColor = vec4(1.0);
}
