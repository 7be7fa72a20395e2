// expect: ok
#extension all : warn
#extension GL_OES_standard_derivatives : require
precision mediump float;
varying vec2 textureCoordinate;
void main() {
    gl_FragColor = vec4(fwidth(textureCoordinate), 0.0, 1.0);
}
