precision mediump float;
void f() { }
void main() {
    float x = f(); // error: cannot convert from 'void' to 'float'
    gl_FragColor = vec4(x);
}
