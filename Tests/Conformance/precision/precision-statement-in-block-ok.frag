// expect: ok
void main() {
    precision highp float;
    float x = 0.5;
    gl_FragColor = vec4(x);
}
