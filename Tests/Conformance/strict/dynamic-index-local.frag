// check: strict
// mesa-differs: Mesa does not enforce Appendix A
precision mediump float;
uniform int k;
void main() {
    float a[4];
    a[0] = 1.0; a[1] = 2.0; a[2] = 3.0; a[3] = 4.0;
    gl_FragColor = vec4(a[k]); // error: strict mode
}
