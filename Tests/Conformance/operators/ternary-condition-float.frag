precision mediump float;
uniform float u;
void main() {
    float f = u ? 1.0 : 0.0; // error: bool
    gl_FragColor = vec4(f);
}
