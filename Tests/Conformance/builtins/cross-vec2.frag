precision mediump float;
void main() {
    vec2 c = cross(vec2(1.0), vec2(0.0)); // error: no matching overload
    gl_FragColor = vec4(c, 0.0, 1.0);
}
