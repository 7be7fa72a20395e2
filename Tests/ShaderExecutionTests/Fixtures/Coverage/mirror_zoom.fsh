// covers: texture2D with GL_LINEAR and GL_MIRRORED_REPEAT, fractional weights
// inputs: astronaut
// wrap: mirror
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// A zoom that mirrors past the edges; the bilinear weights are fractional.
void main()
{
    vec2 uv = (textureCoordinate - 0.5) * 1.7 + vec2(0.55, 0.45);
    gl_FragColor = texture2D(inputImageTexture, uv);
}
