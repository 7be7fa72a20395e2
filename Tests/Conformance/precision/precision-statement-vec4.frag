precision mediump float;
precision mediump vec4; // error: precision
void main() {
    gl_FragColor = vec4(1.0);
}
