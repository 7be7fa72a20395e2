precision mediump float;
void main() {
    float a[2] = float[2](1.0, 2.0); // error:
    gl_FragColor = vec4(a[0]);
}
