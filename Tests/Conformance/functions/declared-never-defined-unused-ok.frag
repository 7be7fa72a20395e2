// expect: ok
precision mediump float;
void unused(float x);
void main() {
    gl_FragColor = vec4(1.0);
}
