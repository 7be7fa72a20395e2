precision mediump float;
void main() {
    gl_FragDepth = 0.5; // error: 'gl_FragDepth'
    gl_FragColor = vec4(1.0);
}
