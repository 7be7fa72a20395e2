// covers: the 9-tap Gaussian of the benchmark on a photo
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float texelWidth;
// One 9-tap Gaussian pass along x (sigma 2), as Shaders/Bench/Gaussian9.fsh.
void main()
{
    vec4 sum = texture2D(inputImageTexture, textureCoordinate) * 0.20236;
    sum += texture2D(inputImageTexture, textureCoordinate + vec2(texelWidth, 0.0)) * 0.179044;
    sum += texture2D(inputImageTexture, textureCoordinate - vec2(texelWidth, 0.0)) * 0.179044;
    sum += texture2D(inputImageTexture, textureCoordinate + vec2(2.0 * texelWidth, 0.0)) * 0.124009;
    sum += texture2D(inputImageTexture, textureCoordinate - vec2(2.0 * texelWidth, 0.0)) * 0.124009;
    sum += texture2D(inputImageTexture, textureCoordinate + vec2(3.0 * texelWidth, 0.0)) * 0.067234;
    sum += texture2D(inputImageTexture, textureCoordinate - vec2(3.0 * texelWidth, 0.0)) * 0.067234;
    sum += texture2D(inputImageTexture, textureCoordinate + vec2(4.0 * texelWidth, 0.0)) * 0.028532;
    sum += texture2D(inputImageTexture, textureCoordinate - vec2(4.0 * texelWidth, 0.0)) * 0.028532;
    gl_FragColor = sum;
}
