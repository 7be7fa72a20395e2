// expect: ok
precision mediump float;
void main() {
    float x = 0.5;
    {
        float x = x * 2.0;
        gl_FragColor = vec4(x);
    }
}
