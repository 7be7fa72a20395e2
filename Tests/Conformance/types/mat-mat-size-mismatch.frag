precision mediump float;
uniform mat3 m;
uniform mat4 n;
void main() {
    mat4 p = m * n; // error: '*'
    gl_FragColor = p[0];
}
