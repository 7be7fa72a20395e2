// expect: ok
precision mediump float;
struct S { vec2 a; float b; };
const S s = S(vec2(0.25, 0.5), 0.75);
const float c = s.a.y + s.b;
void main() {
    gl_FragColor = vec4(s.a, s.b, c);
}
