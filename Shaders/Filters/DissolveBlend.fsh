// filter: dissolveBlend
// title: Dissolve (cross-fade) blend
// category: blend
// summary: cross-fades all four channels from the base to the overlay
// formula: c' = mix(base, overlay, mixturePercent)
// inputs: 2
// input: 1 base
// input: 2 overlay
// parameter: mixturePercent float default 0.5 range 0.0...1.0
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform float mixturePercent;

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    gl_FragColor = mix(base, overlay, mixturePercent);
}
