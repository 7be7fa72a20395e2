#version 300 es
attribute vec4 position; // error: 'attribute' is a reserved word
void main() { gl_Position = position; }
