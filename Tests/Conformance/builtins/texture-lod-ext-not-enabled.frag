precision mediump float;
uniform sampler2D inputImageTexture;
void main() {
    gl_FragColor = texture2DLodEXT(inputImageTexture, vec2(0.5), 1.0); // error: texture2DLodEXT
}
