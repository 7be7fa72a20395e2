// filter: maskBlend
// title: Mask
// category: blend
// summary: uses the overlay as a mask: the base's alpha is multiplied by the overlay's luminance times its alpha
// formula: m = dot(overlay.rgb, (0.2125, 0.7154, 0.0721)) * overlay.a; c' = (base.rgb, base.a * m)
// inputs: 2
// input: 1 base
// input: 2 mask
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 mask = texture2D(inputImageTexture2, textureCoordinate2);
    float m = dot(mask.rgb, lumaWeights) * mask.a;
    gl_FragColor = vec4(base.rgb, base.a * m);
}
