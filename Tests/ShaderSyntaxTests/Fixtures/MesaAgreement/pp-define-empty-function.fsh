// expect: ok
#define NOTHING()
precision mediump float;
NOTHING()
void main() { gl_FragColor = vec4(1.0); }
