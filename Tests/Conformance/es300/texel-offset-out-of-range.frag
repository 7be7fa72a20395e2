#version 300 es
precision highp float;
uniform sampler2D s;
out vec4 color;
void main() {
    color = textureOffset(s, vec2(0.5), ivec2(8, 0)); // error: texel offset 8 of 'textureOffset' is outside -8...7
}
