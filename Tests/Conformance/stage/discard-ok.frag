// expect: ok
precision mediump float;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
void main() {
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    if (c.a < 0.5)
        discard;
    gl_FragColor = c;
}
