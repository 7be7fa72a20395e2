// expect: ok
#version 110
// GLSL 1.10 section 6.1: "A shader can redefine built-in functions." Mesa accepts it for
// desktop GLSL (GLSL ES forbids it, see redefine-builtin-vector.frag). The call before the
// definition uses the built-in; the call after it uses the user's function.
float before() { return abs(-1.0); }
float abs(float x) { return x; }
void main() {
    gl_FragColor = vec4(before(), abs(-1.0), 0.0, 1.0);
}
