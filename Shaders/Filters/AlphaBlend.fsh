// filter: alphaBlend
// title: Alpha blend
// category: blend
// summary: mixes the overlay (location 1) into the base (location 0) by the overlay's alpha times mixturePercent; the base's alpha is kept
// formula: rgb' = mix(base.rgb, overlay.rgb, overlay.a * mixturePercent); a' = base.a
// inputs: 2
// input: 1 base
// input: 2 overlay
// parameter: mixturePercent float default 0.5 range 0.0...1.0 -- 0 shows only the base, 1 the overlay where it is opaque
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
    gl_FragColor = vec4(mix(base.rgb, overlay.rgb, overlay.a * mixturePercent), base.a);
}
