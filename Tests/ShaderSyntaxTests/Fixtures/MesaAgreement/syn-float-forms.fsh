// expect: ok
precision mediump float;
void main() { float a = 1e10; float b = 1E-10; float c = 0.; float d = .5e1; float e = 5.E-1; gl_FragColor = vec4(a * b + c + d + e); }
