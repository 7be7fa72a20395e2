attribute vec4 position;
void main() {
    if (position.x < 0.0)
        discard; // error: discard
    gl_Position = position;
}
