#version 120
void main() {
    float a[3] = float[3](1.0, 2.0); // error: needs one argument per element, found 2
    gl_Position = vec4(a[0]);
}
