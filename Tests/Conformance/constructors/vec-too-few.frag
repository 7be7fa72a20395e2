precision mediump float;
void main() {
    vec4 v = vec4(1.0, 2.0, 3.0); // error: 'vec4'
    gl_FragColor = v;
}
