// covers: texture2D(sampler, coord, bias) (one mip level: the bias changes nothing)
// inputs: chelsea
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Sampling with a bias, as blur shaders written for mipmapped textures do.
void main()
{
    vec4 a = texture2D(inputImageTexture, textureCoordinate, 2.0);
    vec4 b = texture2D(inputImageTexture, textureCoordinate * 0.5 + 0.25, -1.0);
    gl_FragColor = mix(a, b, 0.5);
}
