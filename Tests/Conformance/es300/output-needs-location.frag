#version 300 es
precision mediump float;
layout(location = 0) out vec4 color;
out vec4 extra; // error: fragment output 'extra' needs 'layout(location = N)'
void main() {
    color = vec4(1.0);
    extra = vec4(0.5);
}
