#version 300 es
precision highp float;
uniform sampler2D s[2];
out vec4 color;
void main() {
    color = vec4(0.0);
    for (int i = 0; i < 2; i++) {
        color += texture(s[i], vec2(0.5)); // error: sampler arrays indexed with non-constant expressions are forbidden in GLSL ES 3.00 and later
    }
}
