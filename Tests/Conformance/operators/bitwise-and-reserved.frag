precision mediump float;
void main() {
    int a = 6 & 3; // error:
    gl_FragColor = vec4(float(a));
}
