precision mediump float;
void main() {
    gl_MaxDrawBuffers = 2; // error: cannot be assigned
    gl_FragColor = vec4(1.0);
}
