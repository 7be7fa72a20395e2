#version 300 es
// GLSL ES 3.00 §4.3.4: vertex inputs cannot be arrays, whether the array is on the type or
// on the name.
in vec4 corners[2]; // error: an array cannot be a vertex shader input
void main() { gl_Position = corners[0]; }
