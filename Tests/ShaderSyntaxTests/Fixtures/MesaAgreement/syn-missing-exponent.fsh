// expect: error 3 (mesa: error: syntax error, unexpected NEW_IDENTIFIER, expecting ',' or ';')
precision mediump float;
void main() { float x = 1.0e; gl_FragColor = vec4(x); }
