precision mediump float;
void main() {
    float a[2] = 1.0; // error:
    gl_FragColor = vec4(a[0]);
}
