// filter: opacity
// title: Opacity
// category: color
// summary: multiplies alpha by opacity
// formula: a' = a * opacity; rgb kept
// inputs: 1
// parameter: opacity float default 1.0 range 0.0...1.0
// example: opacity=0.5
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float opacity;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(color.rgb, color.a * opacity);
}
