precision mediump float;
float f(float x) {
    float x = 2.0; // error: redefinition of 'x'
    return x;
}
void main() {
    gl_FragColor = vec4(f(1.0));
}
