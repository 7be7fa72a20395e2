#version 110
void f(out float x[2]) { // error: arrays cannot be 'out' or 'inout' parameters
}
void main() {
    gl_Position = vec4(0.0);
}
