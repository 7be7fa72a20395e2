// expect: ok
precision mediump float;
struct P { vec2 a; float b; };
void main() {
    P x = P(vec2(1.0), 2.0);
    P y = P(vec2(1.0), 3.0);
    gl_FragColor = (x == y) ? vec4(1.0) : vec4(0.0);
}
