// expect: ok
#extension GL_OES_standard_derivatives : enable
precision mediump float;
varying vec2 textureCoordinate;
void main() {
    vec2 dx = dFdx(textureCoordinate);
    vec2 dy = dFdy(textureCoordinate);
    float w = fwidth(textureCoordinate.x);
    gl_FragColor = vec4(dx, dy.x, w);
}
