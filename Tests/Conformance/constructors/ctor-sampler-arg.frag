precision mediump float;
uniform sampler2D inputImageTexture;
void main() {
    vec4 v = vec4(inputImageTexture); // error:
    gl_FragColor = v;
}
