// filter: photoEffectTransfer
// title: Photo effect: transfer
// category: effect
// summary: a warm, saturated vintage print look in the spirit of Core Image's CIPhotoEffectTransfer (our own approximation, not Apple's table)
// formula: c1 = mix(vec3(Y), rgb, 1.25) with Y = dot(rgb, (0.299, 0.587, 0.114)); c2 = clamp(c1, 0, 1); rgb' = (pow(c2.r, 0.85), pow(c2.g, 0.95), 0.9 c2.b + 0.03) (warm highlights, cooler blacks); alpha kept
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    vec3 vivid = clamp(mix(vec3(y), color.rgb, 1.25), 0.0, 1.0);
    vec3 graded = vec3(pow(vivid.r, 0.85), pow(vivid.g, 0.95), 0.9 * vivid.b + 0.03);
    gl_FragColor = vec4(graded, color.a);
}
