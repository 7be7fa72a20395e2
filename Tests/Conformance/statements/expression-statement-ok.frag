// expect: ok
precision mediump float;
void main() {
    float a = 1.0;
    a;
    a + 1.0;
    vec2(1.0);
    gl_FragColor = vec4(a);
}
