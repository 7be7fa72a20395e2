attribute vec4 position;
void main() {
    position = vec4(1.0); // error: 'position' is an attribute and cannot be assigned
    gl_Position = position;
}
