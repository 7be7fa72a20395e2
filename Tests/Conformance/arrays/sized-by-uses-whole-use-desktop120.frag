#version 120
// An array declared without a size can only be indexed until a size is declared: it cannot
// be compared, passed or asked its length (GLSL 1.20 section 4.1.9; piglit
// array-length-implicit-size, array-function-parameter-implicit-size).
float a[];
void main() {
    a[1] = 0.5;
    gl_FragColor = vec4(float(a.length())); // error: can only be indexed
}
