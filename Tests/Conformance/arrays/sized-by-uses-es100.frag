precision mediump float;
// GLSL ES 1.00 arrays need a size; none is taken from the uses.
float a[]; // error: array size must be a constant integer expression
void main() {
    a[0] = 1.0;
    gl_FragColor = vec4(a[0]);
}
