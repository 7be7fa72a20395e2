#version 300 es
precision mediump float;
out vec4 color;
void main() {
    uint x = 4294967296u; // error: out of range
    color = vec4(float(x));
}
