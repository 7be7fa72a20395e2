// A vignette: full colour inside `radius` of the centre, fading to black at `radius + softness`.
precision mediump float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float radius;
uniform float softness;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float d = distance(textureCoordinate, vec2(0.5));
    float keep = 1.0 - smoothstep(radius, radius + softness, d);
    gl_FragColor = vec4(color.rgb * keep, color.a);
}
