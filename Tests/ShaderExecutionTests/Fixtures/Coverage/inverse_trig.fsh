// covers: asin, acos, atan(x)
// inputs: chelsea
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// Channels through the inverse trigonometric functions, scaled back into [0, 1].
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 x = c.rgb * 1.8 - 0.9;
    vec3 a = asin(x) / 3.2 + 0.5;
    vec3 b = acos(x) / 3.2;
    float t = atan(x.r * 4.0) / 3.2 + 0.5;
    gl_FragColor = vec4(a.r, b.g, mix(a.b, t, 0.5), c.a);
}
