#version 300 es
precision highp float;
const uint N = 0u;
float weights[N]; // error: array size must be greater than zero, found 0
out vec4 color;
void main() { color = vec4(1.0); }
