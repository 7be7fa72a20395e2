// filter: ellipse
// title: Ellipse
// category: generator
// summary: a filled ellipse with anti-aliased edges over a background colour
// formula: in pixels, v = (p - center) / radii; f = |v| - 1; s = f / |v / radii| (first-order distance to the outline; s = -min(radii) at the centre); k = clamp(0.5 - s, 0, 1); out = fillColor with coverage k source-over backgroundColor
// inputs: 0
// output: given default 160x120
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: radii vec2 default 0.3,0.3 range 0.0...1.0 -- fractions of width and height
// parameter: fillColor color default 1.0,1.0,1.0,1.0
// parameter: backgroundColor color default 0.0,0.0,0.0,0.0
// example: radii=0.4,0.25 fillColor=0.1,0.6,0.9,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform vec2 radii;
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
    vec2 r = radii * size;
    vec2 v = (textureCoordinate - center) * size / r;
    float g = length(v / r);
    float s = g > 0.0 ? (length(v) - 1.0) / g : -min(r.x, r.y);
    gl_FragColor = over(fillColor, clamp(0.5 - s, 0.0, 1.0), backgroundColor);
}
