#version 300 es
precision highp float;
uniform sampler2D s;
uniform int k;
out vec4 color;
void main() {
    color = texelFetchOffset(s, ivec2(1), 0, ivec2(k, 0)); // error: the offset of 'texelFetchOffset' must be a constant expression
}
