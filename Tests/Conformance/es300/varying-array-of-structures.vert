#version 300 es
// GLSL ES 3.00 §4.3.6, with the array written after the name (dEQP
// linkage.varying.rules.invalid_type_array_struct).
struct S { mediump int a; };
flat out S v[2]; // error: an array of structures cannot be a vertex shader output
void main() { v[0].a = 1; v[1].a = 2; gl_Position = vec4(0.0); }
