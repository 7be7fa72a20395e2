// expect: error 3 (mesa: error: syntax error, unexpected '=', expecting ',' or ';')
precision mediump float;
struct S { float x = 1.0; };
void main() { gl_FragColor = vec4(1.0); }
