precision mediump float;
uniform mat2 m;
void main() {
    mat2 t = transpose(m); // error: transpose
    gl_FragColor = vec4(t[0], t[1]);
}
