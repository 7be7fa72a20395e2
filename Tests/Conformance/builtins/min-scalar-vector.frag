precision mediump float;
uniform sampler2D s;
void main() {
    vec2 r = min(1.0, vec2(2.0)); // error: no matching overload
    gl_FragColor = vec4(r, 0.0, 1.0);
}
