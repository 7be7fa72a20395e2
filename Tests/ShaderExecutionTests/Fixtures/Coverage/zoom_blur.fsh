// covers: a loop of texture samples along a ray, mix
// inputs: astronaut
// uniforms: blurSize=0.6
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float blurSize;
// GPUImage's zoom blur.
void main()
{
    vec2 center = vec2(0.5, 0.5);
    vec2 offset = (center - textureCoordinate) * blurSize * 0.05;
    vec4 c = texture2D(inputImageTexture, textureCoordinate) * 0.18;
    c += texture2D(inputImageTexture, textureCoordinate + offset) * 0.15;
    c += texture2D(inputImageTexture, textureCoordinate + 2.0 * offset) * 0.12;
    c += texture2D(inputImageTexture, textureCoordinate + 3.0 * offset) * 0.09;
    c += texture2D(inputImageTexture, textureCoordinate + 4.0 * offset) * 0.05;
    c += texture2D(inputImageTexture, textureCoordinate - offset) * 0.15;
    c += texture2D(inputImageTexture, textureCoordinate - 2.0 * offset) * 0.12;
    c += texture2D(inputImageTexture, textureCoordinate - 3.0 * offset) * 0.09;
    c += texture2D(inputImageTexture, textureCoordinate - 4.0 * offset) * 0.05;
    gl_FragColor = c;
}
