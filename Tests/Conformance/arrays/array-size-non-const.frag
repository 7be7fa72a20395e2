precision mediump float;
uniform int n;
void main() {
    float a[n]; // error: array size
    gl_FragColor = vec4(1.0);
}
