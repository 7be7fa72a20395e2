// expect: ok
precision mediump float;
void main() { for (int i = 0; bool b = i < 3; i++) {} gl_FragColor = vec4(1.0); }
