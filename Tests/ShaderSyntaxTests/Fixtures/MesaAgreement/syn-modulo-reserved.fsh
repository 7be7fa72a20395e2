// expect: error 3 (mesa: error: operator '%' is reserved in GLSL ES 1.00 (GLSL 1.30 or GLSL ES 3.00 required))
precision mediump float;
void main() { int a = 7 % 3; gl_FragColor = vec4(1.0); }
