#version 330
uniform vec2 v;
out vec4 color;
void main() {
    color = vec4(packUnorm2x16(v)); // error: 'packUnorm2x16' is not available in GLSL 3.30
}
