// expect: ok
precision mediump float;
void main() { vec4 c = vec4(0.0); (c).x = 1.0; gl_FragColor = c; }
