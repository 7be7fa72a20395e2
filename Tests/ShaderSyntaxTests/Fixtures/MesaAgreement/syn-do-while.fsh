// expect: ok
precision mediump float;
void main() { float t = 0.0; do t += 0.25; while (t < 1.0); gl_FragColor = vec4(t); }
