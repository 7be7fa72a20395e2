// covers: two inputs, a user function, dot-like sums, distance, smoothstep, mix
// inputs: coffee ghost
// uniforms: thresholdSensitivity=0.3 smoothing=0.1 colorToReplace=0.9,0.9,0.95
precision highp float;
varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform float thresholdSensitivity;
uniform float smoothing;
uniform vec3 colorToReplace;

// A colour's two chroma components (Cr, Cb) around its luma (written for Shade).
vec2 chroma(vec3 c)
{
    float luma = 0.2989 * c.r + 0.5866 * c.g + 0.1145 * c.b;
    return vec2(0.7132 * (c.r - luma), 0.5647 * (c.b - luma));
}

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 replacement = texture2D(inputImageTexture2, textureCoordinate2);
    float near = distance(chroma(base.rgb), chroma(colorToReplace));
    float keep = smoothstep(thresholdSensitivity, thresholdSensitivity + smoothing, near);
    gl_FragColor = mix(base, replacement, 1.0 - keep);
}
