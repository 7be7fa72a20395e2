// check: strict
// mesa-differs: Mesa does not enforce Appendix A
precision mediump float;
uniform vec4 colors[4];
uniform int k;
void main() {
    gl_FragColor = colors[k]; // error: strict mode
}
