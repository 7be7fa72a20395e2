// expect: error 3 (mesa: error: syntax error, unexpected ';', expecting ')' or ',')
precision mediump float;
void main() { gl_FragColor = vec4((1.0); }
