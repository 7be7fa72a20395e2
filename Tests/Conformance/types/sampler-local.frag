precision mediump float;
uniform sampler2D inputImageTexture;
void main() {
    sampler2D s = inputImageTexture; // error:
    gl_FragColor = vec4(1.0);
}
