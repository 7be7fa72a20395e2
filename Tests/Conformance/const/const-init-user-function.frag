precision mediump float;
float one() { return 1.0; }
void main() {
    const float k = one(); // error: constant
    gl_FragColor = vec4(k);
}
