#version 120
// The size declared later must cover the constant indices used before it (GLSL 1.20
// section 4.1.9; piglit array-resize-after-access-too-small).
void main() {
    float a[];
    a[3] = 0.5; // error: out of range
    float a[2];
    gl_FragColor = vec4(a[0]);
}
