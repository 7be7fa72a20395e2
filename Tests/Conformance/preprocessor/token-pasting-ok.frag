#version 130
// expect: ok
// `##` in desktop GLSL 1.30: operands as written, then the result rescanned.
#define INDEX 9
#define GLUE(a, b) a ## b
#define TYPE(n) vec ## n
out vec4 color;
void main() {
    TYPE(4) GLUE(col, our) = vec4(GLUE(0., 5));
    float GLUE(INDEX, _) = 1.0; // not `9_`: an operand of `##` is not expanded
    color = colour * INDEX_;
}
