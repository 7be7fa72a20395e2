precision mediump float;
void main() {
    gl_FragColor = vec4(gl_PointSize); // error: 'gl_PointSize'
}
