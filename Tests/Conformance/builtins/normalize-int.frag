precision mediump float;
uniform sampler2D s;
void main() {
    float r = normalize(1); // error: no matching overload
    gl_FragColor = vec4(r);
}
