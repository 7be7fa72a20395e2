// error: loop iteration limit
precision highp float;
uniform float zero;
void main() { float x = 0.0;
    for (float i = 0.0; i < 1.0; i += zero) { x += 1.0; }
    gl_FragColor = vec4(x); }
