precision mediump float;
void main() {
    vec2 a = vec2(1.0);
    vec2 b = vec2(2.0);
    bool c = a < b; // error: '<'
    gl_FragColor = vec4(1.0);
}
