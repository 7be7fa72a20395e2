precision mediump float;
void main() {
    float a[0]; // error: array size
    gl_FragColor = vec4(1.0);
}
