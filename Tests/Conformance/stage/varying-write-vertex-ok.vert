// expect: ok
attribute vec4 position;
varying vec3 normal;
void main() {
    normal = position.xyz;
    normal.x += 1.0;
    gl_Position = position;
}
