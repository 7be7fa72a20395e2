// filter: photoEffectInstant
// title: Photo effect: instant
// category: effect
// summary: a faded, warm instant-camera look in the spirit of Core Image's CIPhotoEffectInstant (our own approximation, not Apple's table)
// formula: c1 = mix(vec3(Y), rgb, 0.8) with Y = dot(rgb, (0.299, 0.587, 0.114)) (20 % less saturation); c2 = c1 * (1.06, 1.0, 0.86) + (0.02, 0.01, 0.04) (warm, lifted blue shadows); rgb' = 0.07 + 0.86 c2 (faded blacks and whites); alpha kept
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, vec3(0.299, 0.587, 0.114));
    vec3 muted = mix(vec3(y), color.rgb, 0.8);
    vec3 warm = muted * vec3(1.06, 1.0, 0.86) + vec3(0.02, 0.01, 0.04);
    gl_FragColor = vec4(vec3(0.07) + 0.86 * warm, color.a);
}
