// expect: ok
precision mediump float;
void main() {
    float f = 0.5;
    vec2 v = vec2(0.0);
    f++;
    ++f;
    v++;
    float g = f--;
    gl_FragColor = vec4(f, g, v);
}
