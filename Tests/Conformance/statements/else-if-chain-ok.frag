// expect: ok
precision mediump float;
uniform float u;
void main() {
    vec4 c;
    if (u < 0.25) c = vec4(1.0, 0.0, 0.0, 1.0);
    else if (u < 0.5) c = vec4(0.0, 1.0, 0.0, 1.0);
    else if (u < 0.75) { c = vec4(0.0, 0.0, 1.0, 1.0); }
    else c = vec4(1.0);
    gl_FragColor = c;
}
