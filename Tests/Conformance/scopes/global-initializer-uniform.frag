precision mediump float;
uniform vec4 c;
float g = c.x; // error: constant
void main() {
    gl_FragColor = vec4(g);
}
