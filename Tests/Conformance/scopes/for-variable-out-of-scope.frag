precision mediump float;
void main() {
    float s = 0.0;
    for (int i = 0; i < 3; i++) { s += 1.0; }
    gl_FragColor = vec4(float(i)); // error: use of undeclared identifier 'i'
}
