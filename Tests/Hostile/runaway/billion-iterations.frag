// error: loop iteration limit
precision highp float;
uniform float zero;
void main() { float x = 0.0;
    for (int i = 0; i < 1000000000; i++) { x += 0.5; }
    gl_FragColor = vec4(x); }
