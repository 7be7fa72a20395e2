// expect: ok
#version 300 es
precision highp float;
uniform mat2 a;
uniform mat3 b;
uniform mat4 c;
out vec4 color;
// Built-in calls on constant expressions are constant expressions (GLSL ES 3.00 section 4.3.3).
const float d = determinant(mat2(2.0, 0.0, 0.0, 3.0));
const mat3 e = inverse(mat3(2.0));
float sized[int(d)];
void main() {
    sized[5] = e[0][0];
    color = vec4(determinant(a) + determinant(b) + determinant(c), inverse(a)[1], inverse(b)[2].x + inverse(c)[3].w)
        + sized[5];
}
