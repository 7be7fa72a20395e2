// expect: ok
precision mediump float;
void main() {
    vec3 v = vec3(0.25, 0.5, 0.75);
    int i = int(v);
    bool b = bool(v.y);
    float f = float(ivec2(3, 4));
    gl_FragColor = vec4(float(i), b ? 1.0 : 0.0, f, 1.0);
}
