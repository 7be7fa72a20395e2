// expect: ok
precision mediump float;
void main() {
    vec2 v = vec2(1.0);
    v *= mat2(1.0);
    v = mat2(2.0) * v;
    gl_FragColor = vec4(v, 0.0, 1.0);
}
