// expect: ok
precision mediump float;
void main() {
    float sin = 0.5;
    gl_FragColor = vec4(sin);
}
