// filter: chromaKey
// title: Chroma key
// category: color
// summary: makes pixels whose chroma is close to colorToReplace transparent
// formula: (Cb, Cr) of BT.601 YCbCr; d = distance((Cb, Cr), (Cb, Cr) of colorToReplace); a' = a * smoothstep(thresholdSensitivity, thresholdSensitivity + smoothing, d)
// inputs: 1
// parameter: colorToReplace color default 0.0,1.0,0.0
// parameter: thresholdSensitivity float default 0.4 range 0.0...1.0
// parameter: smoothing float default 0.1 range 0.0...1.0
// example: colorToReplace=0.55,0.12,0.08 thresholdSensitivity=0.05 smoothing=0.05
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
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
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float d = distance(chroma(color.rgb), chroma(colorToReplace));
    float keep = smoothstep(thresholdSensitivity, thresholdSensitivity + smoothing, d);
    gl_FragColor = vec4(color.rgb, color.a * keep);
}
