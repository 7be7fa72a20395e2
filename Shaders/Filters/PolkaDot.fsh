// filter: polkaDot
// title: Polka dot
// category: effect
// summary: pixellates into round dots on black: each cell shows a disc of the colour at its centre
// formula: cell side c = max(fractionalWidthOfPixel W, 1) pixels; m = cell centre; r = dotScaling c / 2; k = clamp(r - |p - m| + 0.5, 0, 1) (one-pixel anti-aliasing); rgb' = k in(m).rgb; alpha = in(m).a
// inputs: 1
// parameter: fractionalWidthOfPixel float default 0.05 range 0.0...0.3 -- cell side / image width
// parameter: dotScaling float default 0.9 range 0.0...1.0 -- dot diameter / cell side
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float fractionalWidthOfPixel;
uniform float dotScaling;

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    float cell = max(fractionalWidthOfPixel * size.x, 1.0);
    vec2 p = textureCoordinate * size;
    vec2 m = cell * (floor(p / cell) + 0.5);
    vec4 color = texture2D(inputImageTexture, m / size);
    float coverage = clamp(0.5 * dotScaling * cell - distance(p, m) + 0.5, 0.0, 1.0);
    gl_FragColor = vec4(color.rgb * coverage, color.a);
}
