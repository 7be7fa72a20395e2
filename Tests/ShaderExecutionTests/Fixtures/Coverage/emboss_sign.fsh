// covers: abs, sign, texelWidth offsets
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

uniform float texelWidth;
uniform float texelHeight;
// An emboss from the signed luminance gradient.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float a = dot(texture2D(inputImageTexture, textureCoordinate - vec2(texelWidth, texelHeight)).rgb, W);
    float b = dot(texture2D(inputImageTexture, textureCoordinate + vec2(texelWidth, texelHeight)).rgb, W);
    float d = b - a;
    gl_FragColor = vec4(vec3(0.5 + 0.5 * sign(d) * min(abs(d) * 4.0, 1.0)), abs(c.r - c.g));
}
