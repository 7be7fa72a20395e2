precision mediump float;
// mesa-differs: Mesa folds the constant condition and accepts the assignment
void main() {
    float a = 1.0;
    float b = 2.0;
    (true ? a : b) = 3.0; // error: l-value
    gl_FragColor = vec4(a);
}
