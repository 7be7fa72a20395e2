// expect: ok
precision mediump float;
void main() { float a = 1.0, b = 2.0; a = b = 3.0; gl_FragColor = vec4(a); }
