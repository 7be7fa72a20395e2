precision mediump float;
void main() {
    gl_Position = vec4(1.0); // error: 'gl_Position'
    gl_FragColor = vec4(1.0);
}
