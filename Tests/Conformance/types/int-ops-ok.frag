// expect: ok
precision mediump float;
void main() {
    int a = 7;
    int b = a / 2 + a * 3 - 1;
    ivec2 v = ivec2(a, b) * 2;
    gl_FragColor = vec4(float(b), float(v.x), 0.0, 1.0);
}
