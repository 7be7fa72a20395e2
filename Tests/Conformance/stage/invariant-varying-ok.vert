// expect: ok
attribute vec4 position;
invariant varying vec2 uv;
invariant gl_Position;
void main() {
    uv = position.xy;
    gl_Position = position;
}
