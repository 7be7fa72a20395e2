precision mediump float;
uniform sampler2D inputImageTexture;
void main() {
    const vec4 c = texture2D(inputImageTexture, vec2(0.5)); // error: constant
    gl_FragColor = c;
}
