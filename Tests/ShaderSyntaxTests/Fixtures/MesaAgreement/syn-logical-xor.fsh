// expect: ok
precision mediump float;
void main() { bool b = true ^^ false; gl_FragColor = vec4(b ? 1.0 : 0.0); }
