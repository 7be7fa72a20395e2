void main() {
    attribute vec4 p; // error:
    gl_Position = p;
}
