// covers: texture2DProj(sampler, vec4)
// inputs: coffee
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Projective sampling with a vec4 coordinate (z ignored, divide by w).
void main()
{
    float w = 0.8 + 0.5 * textureCoordinate.x;
    vec4 p = vec4(textureCoordinate * w, 7.0, w);
    vec4 c = texture2DProj(inputImageTexture, p);
    gl_FragColor = vec4(c.bgr, 1.0);
}
