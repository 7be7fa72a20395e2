precision mediump float;
void main() {
    gl_FragColor = vec4(brightness(0.5)); // error: 'brightness'
}
