// filter: halftone
// title: Halftone
// category: effect
// summary: black dots on white on a square grid; a dot's area grows with the darkness of its cell's centre
// formula: cell side c = max(fractionalWidthOfPixel W, 1) pixels; m = cell centre (pixels); Y = luma(in(m)); r = c sqrt((1 - Y) / pi), so a whole dot covers 1 - Y of its cell; ink = clamp(r - |p - m| + 0.5, 0, 1) (one-pixel anti-aliasing); rgb' = 1 - ink, alpha 1
// inputs: 1
// parameter: fractionalWidthOfPixel float default 0.01 range 0.0...0.3 -- cell side / image width
// example: fractionalWidthOfPixel=0.05
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float fractionalWidthOfPixel;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    float cell = max(fractionalWidthOfPixel * size.x, 1.0);
    vec2 p = textureCoordinate * size;
    vec2 m = cell * (floor(p / cell) + 0.5);
    float y = dot(texture2D(inputImageTexture, m / size).rgb, lumaWeights);
    float radius = cell * sqrt((1.0 - y) / 3.14159265);
    float ink = clamp(radius - distance(p, m) + 0.5, 0.0, 1.0);
    gl_FragColor = vec4(vec3(1.0 - ink), 1.0);
}
