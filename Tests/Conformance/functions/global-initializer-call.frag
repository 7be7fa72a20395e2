precision mediump float;
float halve(float x) { return x * 0.5; }
float g = halve(0.5); // error: constant
void main() {
    gl_FragColor = vec4(g);
}
