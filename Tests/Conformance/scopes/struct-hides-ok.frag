// expect: ok
precision mediump float;
struct S { float a; };
void main() {
    S s = S(1.0);
    {
        struct S { vec2 b; };
        S t = S(vec2(0.5));
        s.a += t.b.x;
    }
    gl_FragColor = vec4(s.a);
}
