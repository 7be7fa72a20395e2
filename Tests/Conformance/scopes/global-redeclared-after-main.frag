precision mediump float;
float x = 1.0;
void main() {
    gl_FragColor = vec4(x);
}
float x; // error: redefinition of 'x'
