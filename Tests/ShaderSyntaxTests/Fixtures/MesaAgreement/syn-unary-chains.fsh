// expect: ok
precision mediump float;
void main() { float x = 2.0; x = -(-x); x = - -x; x = +x; gl_FragColor = vec4(x); }
