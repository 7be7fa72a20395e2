// filter: bulgeDistortion
// title: Bulge
// category: effect
// summary: magnifies a disc around center like a convex lens (negative scale pinches instead)
// formula: distances in units of the image width; v = p - center, d = |v|; inside d < radius: k = (1 - ((radius - d) / radius) scale)^2, v *= k; out = in(center + v)
// inputs: 1
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: radius float default 0.25 range 0.0...1.0 -- fraction of the image width
// parameter: scale float default 0.5 range -1.0...1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform float radius;
uniform float scale;

void main()
{
    vec2 aspect = vec2(1.0, texelWidth / texelHeight);
    vec2 v = (textureCoordinate - center) * aspect;
    float d = length(v);
    if (d < radius) {
        float k = 1.0 - ((radius - d) / radius) * scale;
        v *= k * k;
    }
    gl_FragColor = texture2D(inputImageTexture, center + v / aspect);
}
