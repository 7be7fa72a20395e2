// expect: ok
precision mediump float;
float sum(float a[3]) { return a[0] + a[1] + a[2]; }
void fill(out float a[3]) { a[0] = 0.1; a[1] = 0.2; a[2] = 0.3; }
void main() {
    float v[3];
    fill(v);
    gl_FragColor = vec4(sum(v));
}
