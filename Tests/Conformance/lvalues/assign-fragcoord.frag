precision mediump float;
void main() {
    gl_FragCoord = vec4(0.0); // error: cannot be assigned
    gl_FragColor = vec4(1.0);
}
