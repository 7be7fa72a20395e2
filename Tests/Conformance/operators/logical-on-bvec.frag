precision mediump float;
void main() {
    bvec2 a = bvec2(true);
    bvec2 b = a || a; // error: '||'
    gl_FragColor = vec4(1.0);
}
