#version 130
#define GLUE(a, b) a ## b
out vec4 color;
void main() {
    float x = 1.0;
    x GLUE(+, /) 2.0; // error: pasting '+' and '/' does not give a valid preprocessing token
    color = vec4(x);
}
