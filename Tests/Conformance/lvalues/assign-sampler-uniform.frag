precision mediump float;
uniform sampler2D inputImageTexture;
uniform sampler2D other;
void main() {
    inputImageTexture = other; // error: cannot be assigned
    gl_FragColor = vec4(1.0);
}
