// expect: ok
precision mediump float;
uniform mat2 m;
void main() {
    vec2 v = vec2(1.0);
    v += 1.0;
    v *= vec2(0.5, 0.25);
    v *= m;
    v.x -= 0.1;
    v /= 2.0;
    mat2 n = m;
    n *= m;
    n += 1.0;
    int i = 3;
    i *= 2;
    i++;
    --i;
    gl_FragColor = vec4(v, n[0]);
}
