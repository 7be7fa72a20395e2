precision mediump float;
void main() {
    vec5 v; // error:
    gl_FragColor = vec4(1.0);
}
