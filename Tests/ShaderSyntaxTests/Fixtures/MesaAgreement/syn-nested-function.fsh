// expect: error 3 (mesa: error: syntax error, unexpected '{', expecting ';')
precision mediump float;
void main() { float f(float x) { return x; } gl_FragColor = vec4(1.0); }
