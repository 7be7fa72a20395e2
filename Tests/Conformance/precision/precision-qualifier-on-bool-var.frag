precision mediump float;
void main() {
    lowp bool b = true; // error:
    gl_FragColor = vec4(b);
}
