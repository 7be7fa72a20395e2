precision mediump float;
void main() {
    {
        float inner = 1.0;
    }
    gl_FragColor = vec4(inner); // error: use of undeclared identifier 'inner'
}
