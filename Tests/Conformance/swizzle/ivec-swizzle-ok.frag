// expect: ok
precision mediump float;
void main() {
    ivec3 v = ivec3(1, 2, 3);
    ivec2 w = v.zy;
    bvec2 b = bvec3(true, false, true).rg;
    gl_FragColor = vec4(float(w.x), float(w.y), b.x ? 1.0 : 0.0, 1.0);
}
