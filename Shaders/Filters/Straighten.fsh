// filter: straighten
// title: Straighten
// category: processing
// summary: rotates the photo about its centre and enlarges it just enough that no empty corners show (Core Image's CIStraightenFilter)
// formula: s = |cos angle| + |sin angle| max(W/H, H/W); p_in = centre + R(-angle)(p_out - centre) / s in pixels; angle counter-clockwise in radians
// inputs: 1
// parameter: angle float default 0.0 range -3.1416...3.1416 -- radians, counter-clockwise
// example: angle=0.12
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float angle;

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    float c = cos(angle);
    float s = sin(angle);
    float aspect = max(size.x / size.y, size.y / size.x);
    float zoom = abs(c) + abs(s) * aspect;
    vec2 p = (textureCoordinate - 0.5) * size;
    vec2 unrotated = vec2(c * p.x - s * p.y, s * p.x + c * p.y);
    gl_FragColor = texture2D(inputImageTexture, 0.5 + unrotated / zoom / size);
}
