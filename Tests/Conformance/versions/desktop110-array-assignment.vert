#version 110
void f(float x[2]) {
    float y[2];
    y = x; // error: arrays cannot be assigned
}
void main() {
    gl_Position = vec4(0.0);
}
