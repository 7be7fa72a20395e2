// expect: ok
precision mediump float;
float f(float x) { return x; }
void main() {
    float y = f(1.0);
    float f = 2.0;
    {
        gl_FragColor = vec4(f, y, 0.0, 1.0);
    }
}
