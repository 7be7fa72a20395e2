// expect: ok
precision mediump float;
uniform mat2 m;
void main() {
    vec3 a = vec3(1.0);
    bool e = a == vec3(1.0, 1.0, 1.0);
    bool f = ivec2(1) != ivec2(2);
    bool g = m == mat2(1.0);
    bool h = bvec2(true) == bvec2(false, true);
    gl_FragColor = vec4(float(e), float(f), float(g), float(h));
}
