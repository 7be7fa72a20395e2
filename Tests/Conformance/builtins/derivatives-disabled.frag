#extension GL_OES_standard_derivatives : enable
#extension GL_OES_standard_derivatives : disable
precision mediump float;
varying vec2 textureCoordinate;
void main() {
    float w = fwidth(textureCoordinate.x); // error: fwidth
    gl_FragColor = vec4(w);
}
