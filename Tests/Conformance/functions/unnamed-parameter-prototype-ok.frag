// expect: ok
precision mediump float;
float f(float, vec2);
void main() {
    gl_FragColor = vec4(f(1.0, vec2(0.5)));
}
float f(float a, vec2 b) {
    return a * b.x;
}
