// filter: sourceOutBlend
// title: Source-out (Porter-Duff)
// category: blend
// summary: the overlay only where the base is transparent; the base itself is not drawn
// formula: Porter-Duff with Fs = 1 - a_d, Fd = 0: a' = Fs a_s + Fd a_d; rgb' = (Fs a_s C_s + Fd a_d C_d) / a' (0 where a' = 0); d = base (location 0), s = overlay (location 1)
// inputs: 2
// input: 1 destination -- the base
// input: 2 source -- the overlay
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

// Porter-Duff with straight alpha: premultiplied result = Fs * a_s * C_s + Fd * a_d * C_d,
// alpha = Fs * a_s + Fd * a_d, returned un-premultiplied (transparent black where alpha is 0).
vec4 porterDuff(vec4 destination, vec4 source, float fs, float fd)
{
    float alpha = fs * source.a + fd * destination.a;
    vec3 premultiplied = fs * source.a * source.rgb + fd * destination.a * destination.rgb;
    return alpha > 0.0 ? vec4(premultiplied / alpha, alpha) : vec4(0.0);
}

void main()
{
    vec4 destination = texture2D(inputImageTexture, textureCoordinate);
    vec4 source = texture2D(inputImageTexture2, textureCoordinate2);
    gl_FragColor = porterDuff(destination, source, 1.0 - destination.a, 0.0);
}
