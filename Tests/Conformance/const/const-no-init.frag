precision mediump float;
const float k; // error:
void main() {
    gl_FragColor = vec4(1.0);
}
