// expect: error 3 (mesa: error: illegal use of reserved word `input')
precision mediump float;
void main() { float input = 1.0; gl_FragColor = vec4(input); }
