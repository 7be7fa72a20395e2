precision mediump float;
uniform mat2 m;
void main() {
    mat2 p = m * 2; // error: '*'
    gl_FragColor = vec4(p[0], p[1]);
}
