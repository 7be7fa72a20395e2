// expect: error 3 (mesa: error: syntax error, unexpected invalid token, expecting ',' or ';')
precision mediump float;
void main() { float x = 1.0 $ 2.0; gl_FragColor = vec4(x); }
