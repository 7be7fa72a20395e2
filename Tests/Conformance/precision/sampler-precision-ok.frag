// expect: ok
precision highp float;
precision lowp sampler2D;
uniform lowp sampler2D inputImageTexture;
varying highp vec2 textureCoordinate;
void main() {
    gl_FragColor = texture2D(inputImageTexture, textureCoordinate);
}
