// expect: error 3 (mesa: error: array constructors forbidden in GLSL ES 1.00 (GLSL 1.20 or GLSL ES 3.00 required))
precision mediump float;
void main() { float a[2] = float[2](1.0, 2.0); gl_FragColor = vec4(a[0]); }
