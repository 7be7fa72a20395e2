attribute vec4 position;
void main() {
    gl_Position = position;
    gl_FragColor = vec4(1.0); // error: 'gl_FragColor'
}
