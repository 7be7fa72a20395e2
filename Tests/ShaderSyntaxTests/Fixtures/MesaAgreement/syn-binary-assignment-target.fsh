// expect: error 3 (mesa: error: syntax error, unexpected '=', expecting ',' or ';')
precision mediump float;
void main() { float a = 1.0; float b = 2.0; a + b = 3.0; gl_FragColor = vec4(a); }
