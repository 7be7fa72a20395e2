// filter: stretchDistortion
// title: Stretch
// category: effect
// summary: a fun-house mirror: stretches the middle of the image horizontally around center and squeezes the sides
// formula: n = 2 (u - center) (per axis, -1..1 across the image); n.x' = n.x |n.x|; out = in(center + n' / 2)
// inputs: 1
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec2 center;

void main()
{
    vec2 n = 2.0 * (textureCoordinate - center);
    n.x = n.x * abs(n.x);
    gl_FragColor = texture2D(inputImageTexture, center + 0.5 * n);
}
