// expect: ok
precision mediump float;
float f(void) { return 1.0; }
void main() { gl_FragColor = vec4(f(void)); }
