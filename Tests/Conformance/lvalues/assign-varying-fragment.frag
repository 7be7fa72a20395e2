precision mediump float;
varying vec2 textureCoordinate;
void main() {
    textureCoordinate = vec2(0.0); // error: 'textureCoordinate' is a varying and cannot be assigned
    gl_FragColor = vec4(textureCoordinate, 0.0, 1.0);
}
