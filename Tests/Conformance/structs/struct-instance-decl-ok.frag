// expect: ok
precision mediump float;
struct Pair { float a; float b; } pair;
void main() {
    pair.a = 0.25;
    pair.b = 0.75;
    gl_FragColor = vec4(pair.a, pair.b, 0.0, 1.0);
}
