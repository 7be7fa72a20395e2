precision mediump float;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate;
void main() {
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = colr; // error: use of undeclared identifier 'colr'
}
