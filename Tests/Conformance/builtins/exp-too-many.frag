precision mediump float;
uniform sampler2D s;
void main() {
    float r = exp(1.0, 2.0); // error: no matching overload
    gl_FragColor = vec4(r);
}
