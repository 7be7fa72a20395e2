// filter: perlinNoise
// title: Perlin noise
// category: generator
// summary: smooth 2D gradient (Perlin) noise mapped onto a ramp between two colours
// formula: x = textureCoordinate * scale; cell corner c gets gradient g(c) = (cos a, sin a), a = (pi/4) floor(8 h(c)), h(c) = fract((q.x + q.y) q.x) with q = fract(c * (0.1031, 0.1137)), q += q.x (q.y + 19.19) + q.y (q.x + 19.19); n = bilinear mix of g(c).(x - c) over the 4 corners with fade f(t) = t^3 (t (6 t - 15) + 10); v = clamp(0.5 + 0.7071 n, 0, 1); out = mix(colorStart, colorFinish, v)
// inputs: 0
// output: given default 160x120
// parameter: colorStart color default 0.0,0.0,0.0,1.0
// parameter: colorFinish color default 1.0,1.0,1.0,1.0
// parameter: scale float default 8.0 range 0.0...128.0 -- noise cells across the image
precision highp float;

varying vec2 textureCoordinate;
uniform vec4 colorStart;
uniform vec4 colorFinish;
uniform float scale;

const float quarterPi = 0.78539816;

// A hash of an integer lattice point with only +, * and fract, so every IEEE fp32
// implementation computes the same bits (no sin, no dot whose summation order may vary).
float hash(vec2 cell)
{
    vec2 q = fract(cell * vec2(0.1031, 0.1137));
    q += q.x * (q.y + 19.19) + q.y * (q.x + 19.19);
    return fract((q.x + q.y) * q.x);
}

float corner(vec2 cell, vec2 offset)
{
    float a = quarterPi * floor(8.0 * hash(cell));
    return cos(a) * offset.x + sin(a) * offset.y;
}

void main()
{
    vec2 x = textureCoordinate * scale;
    vec2 c = floor(x);
    vec2 f = x - c;
    vec2 fade = f * f * f * (f * (f * 6.0 - 15.0) + 10.0);
    float n00 = corner(c, f);
    float n10 = corner(c + vec2(1.0, 0.0), f - vec2(1.0, 0.0));
    float n01 = corner(c + vec2(0.0, 1.0), f - vec2(0.0, 1.0));
    float n11 = corner(c + vec2(1.0, 1.0), f - vec2(1.0, 1.0));
    float n = mix(mix(n00, n10, fade.x), mix(n01, n11, fade.x), fade.y);
    float v = clamp(0.5 + 0.70710678 * n, 0.0, 1.0);
    gl_FragColor = mix(colorStart, colorFinish, v);
}
