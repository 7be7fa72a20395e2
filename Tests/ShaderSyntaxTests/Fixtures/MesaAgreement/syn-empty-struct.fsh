// expect: error 3 (mesa: error: syntax error, unexpected '}')
precision mediump float;
struct S { };
void main() { gl_FragColor = vec4(1.0); }
