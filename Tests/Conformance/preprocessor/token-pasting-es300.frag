#version 300 es
// GLSL ES 3.00 has no token pasting: Mesa says "Token pasting (##) is illegal in GLES",
// glslang requires desktop GLSL 1.30.
precision mediump float;
out vec4 color;
#define GLUE(a, b) a ## b // error: '##' (token pasting) is not available in GLSL ES 3.00
void main() {
    color = vec4(1.0);
}
