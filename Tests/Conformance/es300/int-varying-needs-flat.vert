#version 300 es
in vec4 position;
out int id; // error: must be qualified 'flat'
void main() { gl_Position = position; id = 1; }
