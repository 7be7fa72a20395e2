// filter: linearGradient
// title: Linear gradient
// category: generator
// summary: a linear ramp from startColor at startPoint to endColor at endPoint, constant beyond them
// formula: points in texture coordinates (y down), measured in pixels: t = clamp(dot(p - a, b - a) / dot(b - a, b - a), 0, 1); out = mix(startColor, endColor, t)
// inputs: 0
// output: given default 160x120
// parameter: startPoint vec2 default 0.0,0.0 range 0.0...1.0
// parameter: endPoint vec2 default 1.0,1.0 range 0.0...1.0
// parameter: startColor color default 1.0,1.0,1.0,1.0
// parameter: endColor color default 0.0,0.0,0.0,1.0
precision highp float;

varying vec2 textureCoordinate;
uniform float texelWidth;   // 1 / output width
uniform float texelHeight;  // 1 / output height
uniform vec2 startPoint;
uniform vec2 endPoint;
uniform vec4 startColor;
uniform vec4 endColor;

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    vec2 axis = (endPoint - startPoint) * size;
    vec2 p = (textureCoordinate - startPoint) * size;
    float lengthSquared = dot(axis, axis);
    float t = lengthSquared > 0.0 ? clamp(dot(p, axis) / lengthSquared, 0.0, 1.0) : 0.0;
    gl_FragColor = mix(startColor, endColor, t);
}
