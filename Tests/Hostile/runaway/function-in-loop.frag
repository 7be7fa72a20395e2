// error: loop iteration limit
precision highp float;
uniform float zero;
float spin(float a) { float y = a; while (y > -1.0) { y += 1.0; } return y; }
void main() { float x = 0.0;
    for (int i = 0; i < 4; i++) { x += spin(float(i)); }
    gl_FragColor = vec4(x); }
