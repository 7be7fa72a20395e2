// filter: polarPixellate
// title: Polar pixellate
// category: effect
// summary: pixellates in polar coordinates around center: blocks are ring segments
// formula: v = u - center; r = |v|, a = atan(v.y, v.x); r' = pixelSize.x (floor(r / pixelSize.x) + 0.5); a' = pixelSize.y 2 pi (floor(a / (pixelSize.y 2 pi)) + 0.5); out = in(center + r' (cos a', sin a'))
// inputs: 1
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0
// parameter: pixelSize vec2 default 0.05,0.05 range 0.0...0.5 -- ring width in texture units, segment angle as a fraction of a turn
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec2 center;
uniform vec2 pixelSize;

const float twoPi = 6.28318531;

void main()
{
    vec2 v = textureCoordinate - center;
    float r = length(v);
    float a = atan(v.y, v.x);
    float ringWidth = pixelSize.x;
    float segment = pixelSize.y * twoPi;
    float snappedR = ringWidth * (floor(r / ringWidth) + 0.5);
    float snappedA = segment * (floor(a / segment) + 0.5);
    gl_FragColor = texture2D(inputImageTexture, center + snappedR * vec2(cos(snappedA), sin(snappedA)));
}
