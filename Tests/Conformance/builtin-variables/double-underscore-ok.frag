// expect: ok
precision mediump float;
void main() {
    float a_b = 1.0;
    gl_FragColor = vec4(a_b);
}
