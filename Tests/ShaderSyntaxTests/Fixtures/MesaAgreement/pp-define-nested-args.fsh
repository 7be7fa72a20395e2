// expect: ok
#define ID(x) x
precision mediump float;
void main() { gl_FragColor = vec4(ID(ID(ID(0.5)))); }
