precision mediump float;
void main() {
    vec4 c = vec4(1.0);
    c.xx = vec2(2.0); // error: repeated
    gl_FragColor = c;
}
