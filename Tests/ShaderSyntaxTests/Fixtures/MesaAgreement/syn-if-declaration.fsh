// expect: error 3 (mesa: error: syntax error, unexpected NEW_IDENTIFIER, expecting '(')
precision mediump float;
void main() { if (bool b = true) {} gl_FragColor = vec4(1.0); }
