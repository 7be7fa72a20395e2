// expect: ok
precision mediump float;
float twice(float x) {
    x = x * 2.0;
    return x;
}
void main() {
    float a = 0.25;
    gl_FragColor = vec4(twice(a), a, 0.0, 1.0);
}
