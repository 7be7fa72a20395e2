// expect: ok
attribute vec4 position;
void main() {
    float x = 0.5;
    gl_Position = position * x;
}
