precision mediump float;
void main() {
    vec2 v = vec2(1.0, 2.0, 3.0); // error: too many arguments
    gl_FragColor = vec4(v, 0.0, 1.0);
}
