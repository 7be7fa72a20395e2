// check: strict
// mesa-differs: Mesa does not enforce Appendix A
precision mediump float;
void main() {
    float s = 0.0;
    for (int i = 0; i < 4; i++) {
        i += 1; // error: loop index
        s += 1.0;
    }
    gl_FragColor = vec4(s);
}
