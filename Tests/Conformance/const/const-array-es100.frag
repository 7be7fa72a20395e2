precision mediump float;
const float k[2]; // error:
void main() {
    gl_FragColor = vec4(1.0);
}
