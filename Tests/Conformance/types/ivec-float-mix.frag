precision mediump float;
void main() {
    ivec2 a = ivec2(1, 2);
    vec2 b = a + vec2(1.0); // error: '+'
    gl_FragColor = vec4(b, 0.0, 1.0);
}
