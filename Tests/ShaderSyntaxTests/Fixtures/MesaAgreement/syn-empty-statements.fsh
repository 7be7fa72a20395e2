// expect: ok
precision mediump float;
void main() { float x = 1.0; if (x > 0.5); ; ; gl_FragColor = vec4(x); }
