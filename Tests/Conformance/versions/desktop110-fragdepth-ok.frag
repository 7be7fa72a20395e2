// expect: ok
#version 110
void main() {
    gl_FragDepth = 0.5;
    gl_FragColor = vec4(1.0);
}
