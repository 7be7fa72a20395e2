precision mediump float;
struct A { float x; };
struct B { float x; };
void main() {
    A a = A(1.0);
    B b = a; // error: cannot convert from 'A' to 'B'
    gl_FragColor = vec4(b.x);
}
