// expect: ok
#version 120
// An array declared without a size may be declared again with one in the same scope, at
// least as large as the indices used so far; it stays one variable, and can then be used
// whole (GLSL 1.20 section 4.1.9; piglit glsl-fs-array-redeclaration).
void main() {
    float a[];
    a[1] = 0.5;
    float a[] = float[](0.25, 1.0, 0.0);
    float b[3] = a;
    gl_FragColor = vec4(b[1], a.length(), 0.0, 1.0);
}
