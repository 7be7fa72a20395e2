// expect: ok
precision mediump float;
float g(float);
float g(float x) { return x; }
void main() { gl_FragColor = vec4(g(1.0)); }
