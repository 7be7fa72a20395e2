// expect: ok
precision mediump float;
float pick(float a) { return a; }
float pick(vec2 a) { return a.x + a.y; }
float pick(float a, float b) { return a * b; }
float pick(int a) { return float(a); }
void main() {
    gl_FragColor = vec4(pick(1.0), pick(vec2(1.0)), pick(1.0, 2.0), pick(3));
}
