precision mediump float;
void main() {
    float f = float(1.0, 2.0); // error: too many arguments
    gl_FragColor = vec4(f);
}
