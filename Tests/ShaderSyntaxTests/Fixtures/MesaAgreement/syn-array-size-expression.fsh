// expect: ok
precision mediump float;
const int N = 2;
uniform float u[N + 1];
void main() { gl_FragColor = vec4(u[0]); }
