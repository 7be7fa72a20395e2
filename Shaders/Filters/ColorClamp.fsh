// filter: colorClamp
// title: Colour clamp
// category: color
// summary: clamps every RGBA component between minimum and maximum values (Core Image's CIColorClamp)
// formula: c' = clamp(c, minComponents, maxComponents)
// inputs: 1
// parameter: minComponents vec4 default 0.0,0.0,0.0,0.0 range 0.0...1.0
// parameter: maxComponents vec4 default 1.0,1.0,1.0,1.0 range 0.0...1.0
// example: minComponents=0.2,0.2,0.2,0.0 maxComponents=0.8,0.7,0.6,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec4 minComponents;
uniform vec4 maxComponents;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = clamp(color, minComponents, maxComponents);
}
