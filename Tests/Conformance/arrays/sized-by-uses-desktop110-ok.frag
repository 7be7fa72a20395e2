// expect: ok
#version 110
// GLSL 1.10 section 4.1.9: an array declared without a size takes it from the largest
// constant index used on it (piglit glsl-vec-array, glsl-fs-implicit-array-size-02/03).
vec2 a[];
float b[];
void main() {
    a[3].y = 1.0;
    b[1] = abs(a[3].y);
    gl_FragColor = vec4(0.0, a[3].y, b[1], 1.0);
}
