// expect: ok
precision mediump float;
void main() { struct S { float x; } s = S(1.0); gl_FragColor = vec4(s.x); }
