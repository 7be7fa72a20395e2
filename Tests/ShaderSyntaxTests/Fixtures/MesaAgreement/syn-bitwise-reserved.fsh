// expect: error 3 (mesa: error: bit-wise operations are forbidden in GLSL ES 1.00 (GLSL 1.30 or GLSL ES 3.00 required))
precision mediump float;
void main() { int a = 6 & 3; gl_FragColor = vec4(1.0); }
