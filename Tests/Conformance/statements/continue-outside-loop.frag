precision mediump float;
void main() {
    if (true) {
        continue; // error: continue
    }
    gl_FragColor = vec4(1.0);
}
