precision mediump float;
void main() {
    float f = 2.0 * 3; // error: '*'
    gl_FragColor = vec4(f);
}
