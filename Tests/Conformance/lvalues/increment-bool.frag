precision mediump float;
void main() {
    bool b = true;
    b++; // error:
    gl_FragColor = vec4(1.0);
}
