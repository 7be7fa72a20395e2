#version 300 es
precision mediump float;
uniform int mode;
out vec4 color;
void main() {
    switch (mode) {
    case 1: color = vec4(1.0); break;
    case 1: color = vec4(0.0); break; // error: duplicate case label
    }
}
