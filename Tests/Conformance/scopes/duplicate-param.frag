precision mediump float;
float f(float x, float x) { // error: redefinition of 'x'
    return x;
}
void main() {
    gl_FragColor = vec4(f(1.0, 2.0));
}
