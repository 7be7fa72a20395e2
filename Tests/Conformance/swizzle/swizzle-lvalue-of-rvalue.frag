precision mediump float;
void main() {
    vec4 c = vec4(1.0);
    (c + c).x = 1.0; // error: l-value
    gl_FragColor = c;
}
