precision mediump float;
void main() {
    int a = 7 % 3; // error:
    gl_FragColor = vec4(float(a));
}
