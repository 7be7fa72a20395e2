precision mediump float;
uniform float u;
void get(out float x) { x = 1.0; }
void main() {
    get(u); // error:
    gl_FragColor = vec4(u);
}
