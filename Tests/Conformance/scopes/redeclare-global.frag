precision mediump float;
uniform float a;
float a; // error: redefinition of 'a'
void main() {
    gl_FragColor = vec4(a);
}
