// covers: mod, distance, step, floor with an aspect ratio (GPUImage halftone)
// inputs: coffee
// uniforms: fractionalWidthOfPixel=0.08 aspectRatio=0.75
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

uniform float fractionalWidthOfPixel;
uniform float aspectRatio;
void main()
{
    vec2 sampleDivisor = vec2(fractionalWidthOfPixel, fractionalWidthOfPixel / aspectRatio);
    vec2 samplePos = textureCoordinate - mod(textureCoordinate, sampleDivisor) + 0.5 * sampleDivisor;
    vec2 adjusted = vec2(textureCoordinate.x, (textureCoordinate.y * aspectRatio + 0.5 - 0.5 * aspectRatio));
    vec2 adjustedSample = vec2(samplePos.x, (samplePos.y * aspectRatio + 0.5 - 0.5 * aspectRatio));
    float distanceFromSamplePoint = distance(adjustedSample, adjusted);
    float l = dot(texture2D(inputImageTexture, samplePos).rgb, W);
    float checkForPresenceWithinDot = 1.0 - step(distanceFromSamplePoint, (fractionalWidthOfPixel * 0.5) * l);
    gl_FragColor = vec4(vec3(checkForPresenceWithinDot), 1.0);
}
