#version 300 es
// dEQP arrays.invalid.empty_declaration_without_var_name (Mesa: "array size must be
// explicitly or implicitly defined"); `int[3];` alone is an empty declaration, allowed.
precision highp float;
out vec4 color;
void main() { int[]; int[3]; color = vec4(0.0); } // error: 'int[]' declares nothing, so nothing gives the array a size
