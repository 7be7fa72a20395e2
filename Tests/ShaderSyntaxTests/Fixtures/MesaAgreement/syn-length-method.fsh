// expect: error 3 (mesa: error: methods not supported in GLSL ES 1.00 (GLSL 1.20 or GLSL ES 3.00 required))
precision mediump float;
void main() { float a[2]; int n = a.length(); gl_FragColor = vec4(1.0); }
