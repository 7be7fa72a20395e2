precision mediump float;
// GLSL ES 1.00 has no array constructors, of struct types either.
struct S { vec4 v; };
void main() {
    S a = S[1](S(vec4(1.0)))[0]; // error: array constructors need GLSL ES 3.00
    gl_FragColor = a.v;
}
