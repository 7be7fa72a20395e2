precision mediump float;
void main() {
    bvec2 b = lessThan(bvec2(true), bvec2(false)); // error: no matching overload
    gl_FragColor = vec4(1.0);
}
