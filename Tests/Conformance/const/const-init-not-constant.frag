precision mediump float;
uniform float u;
const float k = u * 2.0; // error: constant
void main() {
    gl_FragColor = vec4(k);
}
