// expect: ok
#version 120
// GLSL 1.20 array constructors take struct element types too, sized or sized by their
// arguments (piglit fs-const-array-of-struct, fs-assign-varied-struct).
struct S { vec4 v; float f; };
const S table[2] = S[2](S(vec4(1.0), 0.5), S(vec4(0.0), 0.25));
void main() {
    S list[2] = S[](S(vec4(0.5), 1.0), table[1]);
    gl_FragColor = table[0].v * list[1].f + S[1](list[0])[0].v;
}
