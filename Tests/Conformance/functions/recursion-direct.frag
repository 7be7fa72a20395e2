precision mediump float;
float fact(float n) {
    return n <= 1.0 ? 1.0 : n * fact(n - 1.0); // error: recursion
}
void main() {
    gl_FragColor = vec4(fact(3.0));
}
