precision mediump float;
void main() {
    float f = 1.0;
    float g = f[0]; // error:
    gl_FragColor = vec4(g);
}
