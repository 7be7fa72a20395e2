precision mediump float;
uniform sampler2D a;
uniform sampler2D b;
void main() {
    bool e = a == b; // error: '=='
    gl_FragColor = vec4(1.0);
}
