// covers: two inputs, step-free branchy blend per channel, alpha compositing
// inputs: astronaut ghost
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture2;

// GPUImage's overlay blend of a sprite with alpha over a photo.
void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    vec3 multiply = 2.0 * base.rgb * overlay.rgb;
    vec3 screen = vec3(1.0) - 2.0 * (vec3(1.0) - base.rgb) * (vec3(1.0) - overlay.rgb);
    vec3 mask = step(vec3(0.5), base.rgb);
    vec3 blended = mix(multiply, screen, mask);
    gl_FragColor = vec4(mix(base.rgb, blended, overlay.a), base.a);
}
