// expect: ok
#version 300 es
precision highp float;
uniform sampler2D s;
out vec4 color;
const ivec2 corner = ivec2(-8, 7);
void main() {
    color = textureOffset(s, vec2(0.5), corner) + textureLodOffset(s, vec2(0.5), 1.0, ivec2(gl_MaxProgramTexelOffset, 0))
        + textureGradOffset(s, vec2(0.5), vec2(0.1), vec2(0.1), ivec2(1)) + textureProjOffset(s, vec3(0.5, 0.5, 2.0), ivec2(2, -2), 0.5)
        + texelFetchOffset(s, ivec2(3), 0, ivec2(gl_MinProgramTexelOffset, 0));
}
