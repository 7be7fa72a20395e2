precision mediump float;
void main() {
    float a = 1.0;
    float a = 2.0; // error: redefinition of 'a'
    gl_FragColor = vec4(a);
}
