void f() {
    precision highp float;
}
void main() {
    float x = 0.5; // error: precision
    gl_FragColor = vec4(x);
}
