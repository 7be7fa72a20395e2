// filter: pixellate
// title: Pixellate
// category: effect
// summary: replaces square blocks by the colour at their centre; the block side is a fraction of the image width
// formula: b = (fractionalWidthOfPixel, fractionalWidthOfPixel W / H) in texture units; out = in(b (floor(u / b) + 0.5))
// inputs: 1
// parameter: fractionalWidthOfPixel float default 0.05 range 0.0...0.3 -- block side / image width
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float fractionalWidthOfPixel;

void main()
{
    vec2 block = vec2(fractionalWidthOfPixel, fractionalWidthOfPixel * texelHeight / texelWidth);
    if (fractionalWidthOfPixel <= 0.0) {
        gl_FragColor = texture2D(inputImageTexture, textureCoordinate);
        return;
    }
    vec2 center = block * (floor(textureCoordinate / block) + 0.5);
    gl_FragColor = texture2D(inputImageTexture, center);
}
