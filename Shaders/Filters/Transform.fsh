// filter: transform
// title: Transform (scale, rotate, translate)
// category: processing
// summary: scales, rotates and moves the image about an anchor point, in pixel space (no stretching on non-square images); uncovered pixels get backgroundColor
// formula: in pixels (y down), p_out = anchor + translation + R(rotation) (scale * (p_in - anchor)), R counter-clockwise as seen in the image; each output pixel samples in(p_in) with p_in = anchor + R(-rotation)(p_out - anchor - translation) / scale; anchor and translation are given as fractions of the image size
// inputs: 1
// parameter: scale vec2 default 1.0,1.0 range 0.01...10.0
// parameter: rotation float default 0.0 range -360.0...360.0 -- degrees, counter-clockwise
// parameter: translation vec2 default 0.0,0.0 range -1.0...1.0 -- fractions of width and height (y down)
// parameter: anchor vec2 default 0.5,0.5 range 0.0...1.0 -- pivot of scale and rotation, texture coordinates
// parameter: backgroundColor color default 0.0,0.0,0.0,0.0
// example: scale=0.8,0.8 rotation=20 translation=0.1,0.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 scale;
uniform float rotation;
uniform vec2 translation;
uniform vec2 anchor;
uniform vec4 backgroundColor;

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    vec2 p = (textureCoordinate - anchor - translation) * size;
    float a = radians(rotation);
    float c = cos(a);
    float s = sin(a);
    // Undo a counter-clockwise rotation in y-down coordinates.
    vec2 unrotated = vec2(c * p.x - s * p.y, s * p.x + c * p.y);
    vec2 q = anchor + unrotated / scale / size;
    bool inside = all(greaterThanEqual(q, vec2(0.0))) && all(lessThanEqual(q, vec2(1.0)));
    gl_FragColor = inside ? texture2D(inputImageTexture, q) : backgroundColor;
}
