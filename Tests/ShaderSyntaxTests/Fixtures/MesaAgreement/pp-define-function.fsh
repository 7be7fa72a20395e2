// expect: ok
#define SQ(x) ((x) * (x))
precision mediump float;
void main() { gl_FragColor = vec4(SQ(0.5)); }
