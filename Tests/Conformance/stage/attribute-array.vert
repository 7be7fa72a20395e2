attribute vec4 positions[2]; // error: attribute
void main() {
    gl_Position = positions[0];
}
