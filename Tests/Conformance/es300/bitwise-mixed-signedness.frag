#version 300 es
precision highp float;
uniform uint u;
uniform int i;
out vec4 color;
void main() {
    uint x = u & i; // error: invalid operands
    color = vec4(float(x));
}
