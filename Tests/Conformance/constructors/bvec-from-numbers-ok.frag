// expect: ok
precision mediump float;
void main() {
    bvec2 b = bvec2(1.0, 0);
    bvec4 c = bvec4(ivec2(0, 3), vec2(0.5));
    gl_FragColor = vec4(float(b.x), float(c.y), float(c.z), 1.0);
}
