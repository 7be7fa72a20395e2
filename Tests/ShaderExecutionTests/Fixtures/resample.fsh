precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
// Samples between texel centres and outside [0, 1]: exercises the bilinear weights and wrap.
void main()
{
    vec2 uv = textureCoordinate * vec2(1.37, 0.83) + vec2(-0.21, 0.13);
    gl_FragColor = texture2D(inputImageTexture, uv);
}
