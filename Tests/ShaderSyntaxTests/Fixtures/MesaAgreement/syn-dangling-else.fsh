// expect: ok
precision mediump float;
uniform bool a; uniform bool b;
void main() { float x = 0.0; if (a) if (b) x = 1.0; else x = 2.0; gl_FragColor = vec4(x); }
