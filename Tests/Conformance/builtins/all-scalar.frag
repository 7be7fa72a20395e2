precision mediump float;
uniform sampler2D s;
void main() {
    bool r = all(true); // error: no matching overload
    gl_FragColor = vec4(float(r));
}
