#version 300 es
precision mediump float;
layout(location = 1) out vec4 a[2];
layout(location = 2) out vec4 b; // error: fragment outputs 'a' and 'b' both use location 2
void main() {
    a[0] = vec4(1.0);
    b = vec4(0.5);
}
