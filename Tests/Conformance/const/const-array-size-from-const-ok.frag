// expect: ok
precision mediump float;
const int SAMPLES = 3;
uniform vec2 offsets[SAMPLES];
void main() {
    vec2 sum = offsets[0] + offsets[1] + offsets[2];
    gl_FragColor = vec4(sum, 0.0, 1.0);
}
