// covers: sqrt, inversesqrt
// inputs: coffee
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Square-root contrast curves.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 s = sqrt(c.rgb);
    vec3 i = inversesqrt(c.rgb + 0.25) * 0.5;
    gl_FragColor = vec4(s.r, i.g, mix(s.b, i.b, 0.5), c.a);
}
