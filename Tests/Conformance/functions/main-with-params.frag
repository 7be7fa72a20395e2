precision mediump float;
void main(float x) { // error: main
    gl_FragColor = vec4(x);
}
