precision mediump float;
void main() {
    uniform float u; // error:
    gl_FragColor = vec4(u);
}
