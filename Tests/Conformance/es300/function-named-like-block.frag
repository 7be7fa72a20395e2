#version 300 es
// GLSL ES 3.00 §4.3.7: a block's name is used for nothing else at global scope, a function
// declared after the block included (dEQP uniform_block.invalid.conflicting_function_and_block_name).
precision highp float;
uniform Lights { vec4 colour; } lights;
out vec4 color;
float Lights(float x) { return x; } // error: redefinition of 'Lights'
void main() { color = lights.colour; }
