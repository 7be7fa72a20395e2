// expect: ok
precision mediump float;
uniform vec4 colors[4];
uniform int k;
void main() {
    float a[4];
    a[0] = 1.0; a[1] = 2.0; a[2] = 3.0; a[3] = 4.0;
    int n = 0;
    float s = 0.0;
    while (n < k) { s += a[n]; n++; }
    gl_FragColor = colors[k] * s;
}
