precision mediump float;
attribute vec4 position; // error: attribute
void main() {
    gl_FragColor = position;
}
