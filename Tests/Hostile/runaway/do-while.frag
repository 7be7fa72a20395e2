// error: loop iteration limit
precision highp float;
uniform float zero;
void main() { float x = 0.0; do { x += 1.0; } while (x >= 0.0); gl_FragColor = vec4(x); }
