// filter: normalBlend
// title: Normal blend
// category: blend
// summary: the overlay over the base (source-over)
// formula: B = C_s; composited source-over: rgb' = (a_s (1 - a_b) C_s + a_s a_b B + (1 - a_s) a_b C_b) / a', a' = a_s + a_b (1 - a_s), C_b = base (location 0), C_s = overlay (location 1)
// inputs: 2
// input: 1 base
// input: 2 overlay
precision highp float;

varying vec2 textureCoordinate;
varying vec2 textureCoordinate2;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;

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
    vec3 blended = cs;
    gl_FragColor = composite(base, overlay, blended);
}
