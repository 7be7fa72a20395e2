precision mediump float;
uniform sampler2D s;
void main() {
    bool r = not(true); // error: no matching overload
    gl_FragColor = vec4(float(r));
}
