precision mediump float;
void main() {
    gl_FragColor = vec4(later(1.0)); // error: 'later'
}
float later(float x) { return x; }
