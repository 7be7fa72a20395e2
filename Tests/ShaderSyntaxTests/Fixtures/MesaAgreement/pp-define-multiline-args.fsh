// expect: ok
#define ADD(a, b) a + b
precision mediump float;
void main() { gl_FragColor = vec4(ADD(0.25,
 0.5)); }
