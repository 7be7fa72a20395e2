precision mediump float;
void get(out float x) { x = 1.0; }
void main() {
    get(2.0); // error: l-value
    gl_FragColor = vec4(1.0);
}
