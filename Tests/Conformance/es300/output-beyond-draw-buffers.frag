#version 300 es
precision mediump float;
layout(location = 7) out vec4 a[2]; // error: but MAX_DRAW_BUFFERS is 8
void main() {
    a[0] = vec4(1.0);
}
