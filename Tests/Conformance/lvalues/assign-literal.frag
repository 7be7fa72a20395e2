precision mediump float;
void main() {
    1.0 = 2.0; // error: l-value
    gl_FragColor = vec4(1.0);
}
