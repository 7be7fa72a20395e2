// error: loop iteration limit
precision highp float;
uniform float zero;
void main() { float x = 0.0; for (;;) { x += 1.0; } gl_FragColor = vec4(x); }
