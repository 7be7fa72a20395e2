// filter: placeOverlay
// title: Place overlay (sprite)
// category: blend
// summary: draws the whole overlay image, scaled into a rectangle of the base, source-over with an opacity
// formula: r = overlayRect (x, y, width, height as fractions of the base; y down); q = (textureCoordinate - r.xy) / r.zw; s = q inside [0,1]^2 ? overlay(q) : transparent; a_s = s.a * opacity; rgb' = (a_s s.rgb + (1 - a_s) a_b base.rgb) / a', a' = a_s + a_b (1 - a_s)
// inputs: 2
// input: 1 base
// input: 2 sprite
// parameter: overlayRect vec4 default 0.25,0.25,0.5,0.5 range 0.0...1.0 -- x, y, width, height in base texture coordinates
// parameter: opacity float default 1.0 range 0.0...1.0
// example: overlayRect=0.55,0.05,0.4,0.5
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform vec4 overlayRect;
uniform float opacity;

void main()
{
    vec4 base = texture2D(inputImageTexture, textureCoordinate);
    vec2 q = (textureCoordinate - overlayRect.xy) / overlayRect.zw;
    bool inside = all(greaterThanEqual(q, vec2(0.0))) && all(lessThanEqual(q, vec2(1.0)));
    vec4 sprite = inside ? texture2D(inputImageTexture2, q) : vec4(0.0);
    float a = sprite.a * opacity;
    float alpha = a + base.a * (1.0 - a);
    vec3 premultiplied = a * sprite.rgb + (1.0 - a) * base.a * base.rgb;
    gl_FragColor = vec4(alpha > 0.0 ? premultiplied / alpha : vec3(0.0), alpha);
}
