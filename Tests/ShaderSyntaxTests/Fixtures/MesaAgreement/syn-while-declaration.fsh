// expect: ok
precision mediump float;
void main() { int i = 0; while (bool b = i < 3) { i++; } gl_FragColor = vec4(1.0); }
