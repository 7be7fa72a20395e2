// expect: ok
precision mediump float;
void main() { vec4 v = vec4(1.0)[0] * vec4(2.0); gl_FragColor = v; }
