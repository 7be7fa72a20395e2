// expect: ok
precision mediump float;
float one(void) { return 1.0; }
void main(void) {
    gl_FragColor = vec4(one());
}
