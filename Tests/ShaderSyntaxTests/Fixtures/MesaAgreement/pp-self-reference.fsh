// expect: ok
#define x x
precision mediump float;
void main() { float x = 1.0; gl_FragColor = vec4(x); }
