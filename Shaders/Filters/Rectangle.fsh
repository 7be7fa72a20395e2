// filter: rectangle
// title: Rectangle
// category: generator
// summary: a filled, optionally rounded rectangle with anti-aliased edges over a background colour
// formula: s = signed distance in pixels from the rounded box (rect x, y, width, height in texture coordinates, corner radius cornerRadius pixels); k = clamp(0.5 - s, 0, 1); out = fillColor with coverage k source-over backgroundColor
// inputs: 0
// output: given default 160x120
// parameter: rect vec4 default 0.25,0.25,0.5,0.5 range 0.0...1.0 -- x, y, width, height (y down)
// parameter: cornerRadius float default 0.0 range 0.0...1000.0 -- pixels
// parameter: fillColor color default 1.0,1.0,1.0,1.0
// parameter: backgroundColor color default 0.0,0.0,0.0,0.0
// example: cornerRadius=12 fillColor=0.9,0.3,0.1,0.8
precision highp float;

varying vec2 textureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
uniform vec4 rect;
uniform float cornerRadius;
uniform vec4 fillColor;
uniform vec4 backgroundColor;

// Straight-alpha source-over of colour c with coverage k onto the background. Over a fully
// transparent background the colour is c.rgb everywhere (only alpha fades), so the colour of
// nearly transparent edge pixels does not jump with the last bit of k.
vec4 over(vec4 c, float k, vec4 background)
{
    float a = c.a * k;
    if (background.a <= 0.0) {
        return vec4(c.rgb, a);
    }
    float alpha = a + background.a * (1.0 - a);
    vec3 premultiplied = a * c.rgb + (1.0 - a) * background.a * background.rgb;
    return vec4(premultiplied / alpha, alpha);
}

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    vec2 halfSize = 0.5 * rect.zw * size;
    vec2 p = (textureCoordinate - rect.xy) * size - halfSize;
    float r = min(cornerRadius, min(halfSize.x, halfSize.y));
    vec2 q = abs(p) - halfSize + r;
    float s = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - r;
    gl_FragColor = over(fillColor, clamp(0.5 - s, 0.0, 1.0), backgroundColor);
}
