// expect: ok
#version 300 es
in vec4 position;
flat out int id;
smooth out vec2 uv;
void main() { gl_Position = position; id = 7; uv = position.xy; }
