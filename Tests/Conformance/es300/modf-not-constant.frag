#version 300 es
precision highp float;
out vec4 color;
void main() {
    float w;
    const float f = modf(1.5, w); // error: must be a constant expression
    color = vec4(f, w, 0.0, 1.0);
}
