// mesa-differs: Mesa offers determinant from GLSL 1.20 (its v120 predicate); the GLSL 1.50 specification adds it
#version 140
uniform mat4 m;
out vec4 color;
void main() {
    color = inverse(m)[0] * determinant(m); // error: 'determinant' is not available in GLSL 1.40
}
