// expect: ok
precision mediump float;
void main() {
    float x = 3.0;
    while (bool going = x > 0.0) { x -= 1.0; }
    gl_FragColor = vec4(x);
}
