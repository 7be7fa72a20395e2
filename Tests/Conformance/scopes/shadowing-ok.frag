// expect: ok
precision mediump float;
float x = 0.25;
void main() {
    float y = x;
    float x = 0.5;
    {
        float x = 0.75;
        y += x;
    }
    gl_FragColor = vec4(x, y, 0.0, 1.0);
}
