// expect: ok
// GLSL 1.20: an out int parameter converts to a float argument when copied out.
#version 120
varying vec2 textureCoordinate;
void f(out int x, out ivec2 v) { x = 3; v = ivec2(1, 2); }
void main() {
    float y;
    vec2 w;
    f(y, w);
    gl_FragColor = vec4(y / 4.0, w.x / 4.0, w.y / 4.0, 1.0);
}
