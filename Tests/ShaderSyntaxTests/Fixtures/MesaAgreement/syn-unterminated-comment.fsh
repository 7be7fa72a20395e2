// expect: error 4 (mesa: preprocessor error: Unterminated comment)
precision mediump float;
void main() { gl_FragColor = vec4(1.0); }
/* never closed
