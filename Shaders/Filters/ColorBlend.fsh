// filter: colorBlend
// title: Colour blend
// category: blend
// summary: the overlay's hue and saturation with the base's luminosity
// formula: B = SetLum(C_s, Lum(C_b)) (W3C); composited source-over: rgb' = (a_s (1 - a_b) C_s + a_s a_b B + (1 - a_s) a_b C_b) / a', a' = a_s + a_b (1 - a_s), C_b = base (location 0), C_s = overlay (location 1)
// inputs: 2
// input: 1 base
// input: 2 overlay
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

// Non-separable blend helpers of the W3C Compositing and Blending spec.
float lum(vec3 c)
{
    return dot(c, vec3(0.3, 0.59, 0.11));
}

vec3 clipColor(vec3 c)
{
    float l = lum(c);
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    if (n < 0.0) {
        c = l + (c - l) * l / (l - n);
    }
    if (x > 1.0) {
        c = l + (c - l) * (1.0 - l) / (x - l);
    }
    return c;
}

vec3 setLum(vec3 c, float l)
{
    return clipColor(c + (l - lum(c)));
}

float sat(vec3 c)
{
    return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b));
}

// Scales c so that its smallest component is 0 and its largest is s.
vec3 setSat(vec3 c, float s)
{
    float n = min(c.r, min(c.g, c.b));
    float x = max(c.r, max(c.g, c.b));
    return x > n ? (c - n) * s / (x - n) : vec3(0.0);
}

// Porter-Duff source-over with a blend function B (W3C Compositing and Blending):
// colour = a_s (1 - a_b) C_s + a_s a_b B(C_b, C_s) + (1 - a_s) a_b C_b, alpha = a_s + a_b (1 - a_s),
// returned un-premultiplied.
vec4 composite(vec4 base, vec4 overlay, vec3 blended)
{
    float alpha = overlay.a + base.a * (1.0 - overlay.a);
    vec3 source = mix(overlay.rgb, blended, base.a);
    vec3 premultiplied = overlay.a * source + (1.0 - overlay.a) * base.a * base.rgb;
    return vec4(alpha > 0.0 ? premultiplied / alpha : vec3(0.0), alpha);
}

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec4 overlay = texture2D(inputImageTexture2, textureCoordinate2);
    vec3 cb = base.rgb;
    vec3 cs = overlay.rgb;
    vec3 blended = setLum(cs, lum(cb));
    gl_FragColor = composite(base, overlay, blended);
}
