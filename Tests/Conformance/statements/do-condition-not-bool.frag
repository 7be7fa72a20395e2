precision mediump float;
void main() {
    float x = 2.0;
    do { x -= 1.0; } while (x); // error: bool
    gl_FragColor = vec4(x);
}
