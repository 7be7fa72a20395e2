precision mediump float;
void notMain() { // error: main
    gl_FragColor = vec4(1.0);
}
