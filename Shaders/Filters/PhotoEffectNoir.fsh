// filter: photoEffectNoir
// title: Photo effect: noir
// category: effect
// summary: a high-contrast black-and-white look in the spirit of Core Image's CIPhotoEffectNoir (our own curve, not Apple's table)
// formula: Y = dot(rgb, (0.299, 0.587, 0.114)); Y1 = smoothstep(0.06, 0.94, Y); Y2 = pow(Y1, 1.15) (slightly darker mid-tones); rgb' = (Y2, Y2, Y2); alpha kept
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    float curved = pow(smoothstep(0.06, 0.94, y), 1.15);
    gl_FragColor = vec4(vec3(curved), color.a);
}
