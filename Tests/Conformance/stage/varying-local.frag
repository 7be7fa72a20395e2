precision mediump float;
void main() {
    varying vec2 v; // error:
    gl_FragColor = vec4(v, 0.0, 1.0);
}
