precision mediump float;
uniform sampler2D s;
void main() {
    mat2 r = matrixCompMult(mat2(1.0), mat3(1.0)); // error: no matching overload
    gl_FragColor = vec4(r[0], r[1]);
}
