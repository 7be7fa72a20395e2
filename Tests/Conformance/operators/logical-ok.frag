// expect: ok
precision mediump float;
uniform float u;
void main() {
    bool a = u > 0.5;
    bool b = u < 0.25 || a && !(u == 1.0);
    bool c = a ^^ b;
    gl_FragColor = vec4(float(a), float(b), float(c), 1.0);
}
