#version 120
// GLSL 1.20 excludes the sequence operator from constant expressions (as GLSL ES 3.00).
uniform float a[(5, 3)]; // error: array size must be a constant
void main() {
    gl_Position = vec4(0.0);
}
