#version 300 es
precision mediump float;
uniform float mode;
out vec4 color;
void main() {
    switch (mode) { // error: the selector must be a scalar 'int' or 'uint'
    case 0: color = vec4(1.0);
    }
}
