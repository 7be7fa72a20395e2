// check: strict
// mesa-differs: Mesa does not enforce Appendix A
precision mediump float;
void main() {
    int i = 0;
    float s = 0.0;
    for (i = 0; i < 4; i++) { // error: strict mode
        s += 1.0;
    }
    gl_FragColor = vec4(s);
}
