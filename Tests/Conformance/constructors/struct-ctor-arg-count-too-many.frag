precision mediump float;
struct S { float a; };
void main() {
    S s = S(1.0, 2.0); // error: 'S'
    gl_FragColor = vec4(s.a);
}
