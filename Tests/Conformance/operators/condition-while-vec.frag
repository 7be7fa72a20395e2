precision mediump float;
void main() {
    vec2 v = vec2(1.0);
    while (v) { // error: bool
        v -= 1.0;
    }
    gl_FragColor = vec4(v, 0.0, 1.0);
}
