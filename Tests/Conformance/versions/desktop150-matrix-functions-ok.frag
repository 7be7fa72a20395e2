// expect: ok
#version 150
uniform mat4 m;
uniform vec4 x;
out vec4 color;
void main() {
    vec4 whole;
    color = inverse(m)[0] * determinant(m) + modf(x, whole) + whole;
}
