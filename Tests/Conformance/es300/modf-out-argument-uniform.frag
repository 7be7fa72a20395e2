#version 300 es
precision highp float;
uniform float x;
uniform float y;
out vec4 color;
void main() {
    float f = modf(x, y); // error: 'y' is a uniform and cannot be assigned
    color = vec4(f);
}
