// check: strict
// mesa-differs: Mesa does not enforce Appendix A
precision mediump float;
uniform int count;
void main() {
    float s = 0.0;
    for (int i = 0; i < count; i++) { // error: constant
        s += 1.0;
    }
    gl_FragColor = vec4(s);
}
