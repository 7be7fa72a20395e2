// filter: crop
// title: Crop
// category: processing
// summary: keeps a rectangle of the input; the output has the rectangle's size
// formula: out(u) = in(cropRegion.xy + u cropRegion.zw); output size = round(input size * cropRegion.zw)
// inputs: 1
// output: region cropRegion
// parameter: cropRegion vec4 default 0.0,0.0,1.0,1.0 range 0.0...1.0 -- x, y, width, height as fractions of the input (y down)
// example: cropRegion=0.25,0.25,0.5,0.5
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec4 cropRegion;

void main()
{
    gl_FragColor = texture2D(inputImageTexture, cropRegion.xy + textureCoordinate * cropRegion.zw);
}
