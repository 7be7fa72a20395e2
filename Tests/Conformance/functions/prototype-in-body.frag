precision mediump float;
void main() {
    float f(float x); // error: global scope
    gl_FragColor = vec4(1.0);
}
