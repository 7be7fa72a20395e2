#version 140
uniform mat4 m;
out vec4 color;
void main() {
    color = inverse(m)[0] * determinant(m); // error: 'determinant' is not available in GLSL 1.40
}
