precision mediump float;
struct A { float x; };
struct A { float y; }; // error: redefinition of 'A'
void main() {
    gl_FragColor = vec4(1.0);
}
