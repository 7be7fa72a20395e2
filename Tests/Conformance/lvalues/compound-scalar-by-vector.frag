precision mediump float;
void main() {
    float f = 1.0;
    f *= vec2(2.0); // error:
    gl_FragColor = vec4(f);
}
