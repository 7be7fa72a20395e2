// expect: ok
#extension GL_FOO_bar : enable
precision mediump float;
void main() {
    gl_FragColor = vec4(1.0);
}
