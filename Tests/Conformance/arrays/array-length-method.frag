precision mediump float;
void main() {
    float a[3];
    int n = a.length(); // error:
    gl_FragColor = vec4(float(n));
}
