// expect: error 3 (mesa: error: syntax error, unexpected INTCONSTANT, expecting ',' or ';')
precision mediump float;
void main() { int x = 09; gl_FragColor = vec4(1.0); }
