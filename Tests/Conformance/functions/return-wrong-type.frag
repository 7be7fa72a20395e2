precision mediump float;
float f() {
    return 1; // error: cannot convert from 'int' to 'float'
}
void main() {
    gl_FragColor = vec4(f());
}
