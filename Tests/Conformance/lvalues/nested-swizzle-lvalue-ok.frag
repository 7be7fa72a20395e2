// expect: ok
precision mediump float;
void main() {
    vec4 v = vec4(0.0);
    v.xy.x = 1.0;
    v[1] = 0.5;
    v.zw.yx = vec2(0.25, 0.75);
    gl_FragColor = v;
}
