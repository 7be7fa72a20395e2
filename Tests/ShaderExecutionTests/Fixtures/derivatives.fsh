#extension GL_OES_standard_derivatives : enable
precision highp float;
varying vec2 textureCoordinate;
// Fine derivatives inside 2x2 quads of a non-linear function.
void main()
{
    vec2 p = textureCoordinate * 7.0;
    float f = sin(p.x * p.y);
    gl_FragColor = vec4(0.5 + 4.0 * dFdx(f), 0.5 + 4.0 * dFdy(f), 10.0 * fwidth(f), 1.0);
}
