#extension GL_FOO_bar : require // error: GL_FOO_bar
precision mediump float;
void main() {
    gl_FragColor = vec4(1.0);
}
