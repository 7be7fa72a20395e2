precision mediump float;
float f(float x) { return x; }
float f = 1.0; // error: redefinition of 'f'
void main() {
    gl_FragColor = vec4(1.0);
}
