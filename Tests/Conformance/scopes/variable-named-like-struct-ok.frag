// expect: ok
precision mediump float;
struct S { float a; };
void main() {
    S S = S(1.0);
    gl_FragColor = vec4(S.a);
}
