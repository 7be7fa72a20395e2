// filter: swirlDistortion
// title: Swirl
// category: effect
// summary: twists the image around center, most strongly at the centre and not at all at radius
// formula: distances in units of the image width (circles stay round); v = p - center, d = |v|; inside d < radius: t = (radius - d) / radius, v is rotated by angle t^2 (radians, counter-clockwise); out = in(center + v)
// inputs: 1
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: radius float default 0.5 range 0.0...1.0 -- fraction of the image width
// parameter: angle float default 3.14159 range -12.5664...12.5664 -- turn at the centre in radians (Core Image's CITwirlDistortion default, pi)
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform float radius;
uniform float angle;

void main()
{
    vec2 aspect = vec2(1.0, texelWidth / texelHeight);
    vec2 v = (textureCoordinate - center) * aspect;
    float d = length(v);
    if (d < radius) {
        float t = (radius - d) / radius;
        float a = angle * t * t;
        float c = cos(a);
        float s = sin(a);
        v = vec2(c * v.x + s * v.y, c * v.y - s * v.x);
    }
    gl_FragColor = texture2D(inputImageTexture, center + v / aspect);
}
