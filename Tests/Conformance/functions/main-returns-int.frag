precision mediump float;
int main() { // error: main
    gl_FragColor = vec4(1.0);
    return 0;
}
