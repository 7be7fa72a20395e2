// expect: ok
precision mediump float;
struct { float x; } s;
void main() { s.x = 1.0; gl_FragColor = vec4(s.x); }
