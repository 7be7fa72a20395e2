#version 300 es
// expect: ok
// A backslash before a newline joins the lines, inside a token and a directive too
// (matches llvmpipe pixel for pixel; see the README).
precision mediump float;
out vec4 col\
or;
#def\
ine ONE 1.\
0
void main() {
    color = vec4(ONE); // a comment \
    color = vec4(0.0);
}
