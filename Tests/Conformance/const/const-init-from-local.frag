precision mediump float;
void main() {
    float x = 1.0;
    const float k = x; // error: constant
    gl_FragColor = vec4(k);
}
