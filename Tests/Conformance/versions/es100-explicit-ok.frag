// expect: ok
#version 100
precision mediump float;
void main() {
    gl_FragColor = vec4(float(__VERSION__) / 100.0);
}
