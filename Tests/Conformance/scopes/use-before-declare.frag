precision mediump float;
void main() {
    float a = b; // error: use of undeclared identifier 'b'
    float b = 1.0;
    gl_FragColor = vec4(a);
}
