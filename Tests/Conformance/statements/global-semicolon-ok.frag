// expect: ok
precision mediump float;
;
float f(float x) { return x; };
void main() {
    gl_FragColor = vec4(f(1.0));
}
