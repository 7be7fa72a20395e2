precision mediump float;
struct S { float x; };
void main() {
    S a = S(1.0);
    S b = a + a; // error: '+'
    gl_FragColor = vec4(b.x);
}
