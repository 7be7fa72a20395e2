// filter: polygon
// title: Polygon
// category: generator
// summary: a filled polygon of up to 16 vertices (even-odd rule) with anti-aliased edges over a background colour
// formula: in pixels, e = distance to the nearest edge; inside by the even-odd crossing rule; s = inside ? -e : e; k = clamp(0.5 - s, 0, 1); out = fillColor with coverage k source-over backgroundColor
// inputs: 0
// output: given default 160x120
// parameter: vertices vec2[16] default 0.5,0.1,0.880423,0.376393,0.735114,0.823607,0.264886,0.823607,0.119577,0.376393,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0 range 0.0...1.0 -- texture coordinates (y down); only the first vertexCount are used
// parameter: vertexCount int default 5 range 3...16
// parameter: fillColor color default 1.0,1.0,1.0,1.0
// parameter: backgroundColor color default 0.0,0.0,0.0,0.0
precision highp float;

varying vec2 textureCoordinate;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 vertices[16];
uniform int vertexCount;
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
    vec2 p = textureCoordinate * size;
    float nearest = 1e20;
    bool inside = false;
    vec2 previous = vec2(0.0);
    for (int i = 0; i < 16; i++) {
        if (i >= vertexCount) {
            break;
        }
        previous = vertices[i] * size;
    }
    for (int i = 0; i < 16; i++) {
        if (i >= vertexCount) {
            break;
        }
        vec2 a = previous;
        vec2 b = vertices[i] * size;
        vec2 edge = b - a;
        vec2 w = p - a;
        float t = clamp(dot(w, edge) / dot(edge, edge), 0.0, 1.0);
        nearest = min(nearest, length(w - t * edge));
        if ((a.y > p.y) != (b.y > p.y)) {
            float crossingX = a.x + (p.y - a.y) * edge.x / edge.y;
            if (p.x < crossingX) {
                inside = !inside;
            }
        }
        previous = b;
    }
    float s = inside ? -nearest : nearest;
    gl_FragColor = over(fillColor, clamp(0.5 - s, 0.0, 1.0), backgroundColor);
}
