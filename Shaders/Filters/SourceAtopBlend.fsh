// filter: sourceAtopBlend
// title: Source-atop blend
// category: blend
// summary: the overlay drawn only where the base is opaque; the result keeps the base's alpha (Porter-Duff source-atop)
// formula: rgb' = mix(base.rgb, overlay.rgb, overlay.a); a' = base.a (premultiplied: C = a_s C_s a_b + (1 - a_s) a_b C_b, a = a_b)
// inputs: 2
// input: 1 base
// input: 2 overlay
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    gl_FragColor = vec4(mix(base.rgb, overlay.rgb, overlay.a), base.a);
}
