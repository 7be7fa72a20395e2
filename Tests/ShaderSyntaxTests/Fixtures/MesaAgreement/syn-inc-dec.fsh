// expect: ok
precision mediump float;
void main() { vec4 c = vec4(1.0); float x = c.x++ + ++c.y; gl_FragColor = c + x; }
