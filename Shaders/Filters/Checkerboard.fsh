// filter: checkerboard
// title: Checkerboard
// category: generator
// summary: squares of squareSize pixels alternating between color0 and color1; a color0 square has its top-left corner at center
// formula: k = floor((p - center) / squareSize) with p in pixels; out = mod(k.x + k.y, 2) == 0 ? color0 : color1
// inputs: 0
// output: given default 160x120
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: squareSize float default 16.0 range 1.0...800.0 -- pixels (Core Image's inputWidth)
// parameter: color0 color default 1.0,1.0,1.0,1.0
// parameter: color1 color default 0.0,0.0,0.0,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform float squareSize;
uniform vec4 color0;
uniform vec4 color1;

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    vec2 k = floor((textureCoordinate - center) * size / squareSize);
    float parity = mod(k.x + k.y, 2.0);
    gl_FragColor = parity < 0.5 ? color0 : color1;
}
