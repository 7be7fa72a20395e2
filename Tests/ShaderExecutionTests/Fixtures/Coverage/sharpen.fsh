// covers: unsharp masking with texel offsets, clamp
// inputs: coffee
// uniforms: sharpness=1.5
// tolerance: 1 (a few channels one step from llvmpipe, not from transcendentals; not yet explained)
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float texelWidth;
uniform float texelHeight;
uniform float sharpness;
// A 5-tap sharpen.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 l = texture2D(inputImageTexture, textureCoordinate - vec2(texelWidth, 0.0)).rgb;
    vec3 r = texture2D(inputImageTexture, textureCoordinate + vec2(texelWidth, 0.0)).rgb;
    vec3 t = texture2D(inputImageTexture, textureCoordinate - vec2(0.0, texelHeight)).rgb;
    vec3 b = texture2D(inputImageTexture, textureCoordinate + vec2(0.0, texelHeight)).rgb;
    vec3 s = c.rgb * (1.0 + 4.0 * sharpness) - (l + r + t + b) * sharpness;
    gl_FragColor = vec4(clamp(s, 0.0, 1.0), c.a);
}
