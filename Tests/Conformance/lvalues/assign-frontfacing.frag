precision mediump float;
void main() {
    gl_FrontFacing = true; // error: cannot be assigned
    gl_FragColor = vec4(1.0);
}
