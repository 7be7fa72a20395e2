// check: strict
// mesa-differs: Mesa does not enforce Appendix A
precision mediump float;
void main() {
    float x = 3.0;
    while (x > 0.0) { // error: strict mode
        x -= 1.0;
    }
    gl_FragColor = vec4(x);
}
