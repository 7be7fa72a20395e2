precision mediump float;
uniform sampler2D inputImageTexture;
void main() {
    gl_FragColor = texture2DLod(inputImageTexture, vec2(0.5), 0.0); // error: texture2DLod
}
