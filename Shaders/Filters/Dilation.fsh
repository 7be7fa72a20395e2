// filter: dilation
// title: Dilation
// category: processing
// summary: morphological dilation: each channel becomes the brightest value in a (2 radius + 1) square; grows bright regions and shrinks dark ones
// formula: c'_ch = max{ in(x + (i, j)).ch : |i|, |j| <= radius } for r, g, b, a
// inputs: 1
// parameter: radius int default 1 range 1...8 -- half-width of the square structuring element
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform int radius;

const int maxRadius = 8;

void main()
{
    vec4 result = texture2D(inputImageTexture, textureCoordinate);
    for (int j = -maxRadius; j <= maxRadius; j++) {
        if (j < -radius || j > radius) {
            continue;
        }
        for (int i = -maxRadius; i <= maxRadius; i++) {
            if (i < -radius || i > radius) {
                continue;
            }
            vec2 offset = vec2(float(i) * texelWidth, float(j) * texelHeight);
            result = max(result, texture2D(inputImageTexture, textureCoordinate + offset));
        }
    }
    gl_FragColor = result;
}
