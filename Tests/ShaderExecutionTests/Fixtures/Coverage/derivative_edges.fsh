// covers: dFdx, dFdy, fwidth on texture data
// inputs: astronaut
#extension GL_OES_standard_derivatives : enable
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

// Edges from screen-space derivatives of luminance.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float l = dot(c.rgb, W);
    float dx = dFdx(l), dy = dFdy(l);
    gl_FragColor = vec4(0.5 + 2.0 * dx, 0.5 + 2.0 * dy, clamp(fwidth(l) * 3.0, 0.0, 1.0), 1.0);
}
