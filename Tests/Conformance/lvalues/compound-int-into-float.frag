precision mediump float;
void main() {
    float a = 1.0;
    a += 1; // error: '+='
    gl_FragColor = vec4(a);
}
