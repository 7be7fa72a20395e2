precision mediump float;
const uniform float k = 1.0; // error:
void main() {
    gl_FragColor = vec4(k);
}
