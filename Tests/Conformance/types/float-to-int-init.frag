precision mediump float;
void main() {
    int i = 1.5; // error: cannot convert from 'float' to 'int'
    gl_FragColor = vec4(1.0);
}
