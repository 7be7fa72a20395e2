// filter: chromaKeyBlend
// title: Chroma-key blend
// category: blend
// summary: replaces base pixels whose chroma is close to colorToReplace with the overlay (green screen)
// formula: d = distance((Cb, Cr) of base, (Cb, Cr) of colorToReplace) in BT.601 YCbCr; k = 1 - smoothstep(thresholdSensitivity, thresholdSensitivity + smoothing, d); c' = mix(base, overlay, k)
// inputs: 2
// input: 1 base -- the keyed image
// input: 2 overlay -- the replacement background
// parameter: colorToReplace color default 0.0,1.0,0.0
// parameter: thresholdSensitivity float default 0.4 range 0.0...1.0
// parameter: smoothing float default 0.1 range 0.0...1.0
// example: colorToReplace=0.55,0.12,0.08 thresholdSensitivity=0.05 smoothing=0.05
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform vec3 colorToReplace;
uniform float thresholdSensitivity;
uniform float smoothing;

vec2 chroma(vec3 rgb)
{
    float cb = -0.168736 * rgb.r - 0.331264 * rgb.g + 0.5 * rgb.b;
    float cr = 0.5 * rgb.r - 0.418688 * rgb.g - 0.081312 * rgb.b;
    return vec2(cb, cr);
}

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    float d = distance(chroma(base.rgb), chroma(colorToReplace));
    float replace = 1.0 - smoothstep(thresholdSensitivity, thresholdSensitivity + smoothing, d);
    gl_FragColor = mix(base, overlay, replace);
}
