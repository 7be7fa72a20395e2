#version 110
void main() {
    float a[2];
    a[0] = float[2](1.0, 2.0)[0]; // error: array constructors need GLSL 1.20
    gl_Position = vec4(a[0]);
}
