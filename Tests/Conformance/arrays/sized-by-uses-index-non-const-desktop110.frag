#version 110
// An array declared without a size must be indexed with constant expressions
// (GLSL 1.10 section 4.1.9).
uniform int i;
float a[];
void main() {
    a[0] = 1.0;
    gl_FragColor = vec4(a[i]); // error: must be indexed with constant expressions
}
