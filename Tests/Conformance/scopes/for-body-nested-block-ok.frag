// expect: ok
precision mediump float;
void main() {
    float s = 0.0;
    for (int i = 0; i < 2; i++) {
        {
            int i = 3;
            s += float(i);
        }
    }
    gl_FragColor = vec4(s);
}
