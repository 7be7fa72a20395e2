// expect: error 3 (the grammar of GLSL ES 1.00 has no float suffix; Mesa only warns)
precision mediump float;
void main() { float x = 1.0f; gl_FragColor = vec4(x); }
