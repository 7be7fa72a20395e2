#version 300 es
precision mediump float;
uniform int mode;
out vec4 color;
void main() {
    switch (mode) {
        color = vec4(0.5); // error: statements before the first 'case' label
    case 0: color = vec4(1.0);
    }
}
