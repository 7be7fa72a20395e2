// Tilt-shift style focus band: mixes a sharp image (location 0) and its blur (location 1) by
// the distance from a horizontal band, written for Shade: two samplers, smoothstep, abs,
// a ternary and a struct.
precision highp float;
varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform float bandCentre;
uniform float bandHalfWidth;
uniform float falloff;

struct Band {
    float centre;
    float halfWidth;
};

float blurAmount(Band band, float y)
{
    float outside = abs(y - band.centre) - band.halfWidth;
    return outside <= 0.0 ? 0.0 : smoothstep(0.0, falloff, outside);
}

void main()
{
    vec4 sharp = texture2D(inputImageTexture, textureCoordinate);
    vec4 soft = texture2D(inputImageTexture2, textureCoordinate2);
    Band band = Band(bandCentre, bandHalfWidth);
    gl_FragColor = mix(sharp, soft, blurAmount(band, textureCoordinate.y));
}
