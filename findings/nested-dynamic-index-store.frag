// Shade: "error: nested dynamic indices are not supported"; llvmpipe compiles and runs it.
precision highp float;
void main() {
    mat2 m = mat2(1.0);
    for (int i = 0; i < 2; i++) {
        m[i][i] += 0.5;
    }
    gl_FragColor = vec4(m[0][0] * 0.5, m[1][1] * 0.5, m[0][1], 1.0);
}
