precision mediump float;
void main() {
    int a = 1 << 2; // error:
    gl_FragColor = vec4(float(a));
}
