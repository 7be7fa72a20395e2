precision mediump float;
varying vec2 textureCoordinate;
void main() {
    vec2 dx = dFdx(textureCoordinate); // error: dFdx
    gl_FragColor = vec4(dx, 0.0, 1.0);
}
