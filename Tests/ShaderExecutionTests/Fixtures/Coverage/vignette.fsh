// covers: distance, smoothstep, mix
// inputs: coffee
// uniforms: vignetteCenter=0.5,0.5 vignetteColor=0.1,0.0,0.2 vignetteStart=0.3 vignetteEnd=0.75
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform vec2 vignetteCenter;
uniform vec3 vignetteColor;
uniform float vignetteStart;
uniform float vignetteEnd;
// GPUImage's vignette.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float d = distance(textureCoordinate, vignetteCenter);
    float percent = smoothstep(vignetteStart, vignetteEnd, d);
    gl_FragColor = vec4(mix(c.rgb, vignetteColor, percent), c.a);
}
