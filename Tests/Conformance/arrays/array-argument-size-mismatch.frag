precision mediump float;
float f(float a[2]) { return a[0]; }
void main() {
    float b[3];
    b[0] = 1.0;
    gl_FragColor = vec4(f(b)); // error: no matching overload
}
