#version 300 es
// expect: ok
precision mediump float;
layout(location = 0) out vec4 color;
layout(location = 1) out float ramp;
layout(location = 2) out vec2 uv[2];
void main() {
    color = vec4(1.0);
    ramp = 0.5;
    uv[0] = vec2(0.25);
    uv[1] = vec2(0.75);
}
