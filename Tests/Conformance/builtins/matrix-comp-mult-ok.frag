// expect: ok
precision mediump float;
uniform mat3 m;
void main() {
    mat3 p = matrixCompMult(m, m);
    gl_FragColor = vec4(p[0], 1.0);
}
