#version 300 es
precision highp float;
uniform float x;
out vec4 color;
void main() {
    float f = modf(x, 2.0); // error: argument 2 of 'modf' is an 'out' or 'inout' parameter and needs an l-value
    color = vec4(f);
}
