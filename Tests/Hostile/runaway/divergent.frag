// error: loop iteration limit
precision highp float;
uniform float zero;
void main() { float x = 0.0;
    while (gl_FragCoord.x < 8.0 || x < 0.0) { x += 1.0; }
    gl_FragColor = vec4(x); }
