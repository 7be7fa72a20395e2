// expect: ok
// check: strict
precision mediump float;
uniform vec4 weights[4];
void main() {
    vec4 sum = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        sum += weights[i];
    }
    for (float f = 0.0; f < 1.0; f += 0.25) {
        sum += vec4(f);
    }
    for (int j = 3; j >= 0; --j) {
        sum.x += weights[j + 1 - 1].x;
    }
    gl_FragColor = sum;
}
