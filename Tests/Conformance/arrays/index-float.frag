precision mediump float;
void main() {
    float a[3];
    a[1.0] = 1.0; // error:
    gl_FragColor = vec4(a[0]);
}
