// filter: lookup
// title: Lookup table (colour grading LUT)
// category: color
// summary: maps each colour through a 64x64x64 colour cube stored as a 512x512 image (8x8 tiles of 64x64)
// formula: b = blue * 63; tile n (n = floor(b) and ceil(b)) lies at column n mod 8, row floor(n / 8); inside a tile red runs along x and green along y (down the file); p = tile / 8 + 0.5/512 + (0.125 - 1/512) (r, g); rgb' = mix(lut(p_floor), lut(p_ceil), fract(b)); out = mix(in, rgb', intensity)
// inputs: 2
// input: 1 image
// input: 2 lookupTable -- 512x512 LUT image in GPUImage's layout; the identity table has pixel (x, y) = ((x mod 64) / 63, (y mod 64) / 63, (8 floor(y / 64) + floor(x / 64)) / 63)
// parameter: intensity float default 1.0 range 0.0...1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform sampler2D inputImageTexture2;
uniform float intensity;

vec2 tileOrigin(float n)
{
    float row = floor(n / 8.0);
    return vec2(n - 8.0 * row, row) * 0.125;
}

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float b = color.b * 63.0;
    vec2 inside = 0.5 / 512.0 + (0.125 - 1.0 / 512.0) * color.rg;
    vec4 lower = texture2D(inputImageTexture2, tileOrigin(floor(b)) + inside);
    vec4 upper = texture2D(inputImageTexture2, tileOrigin(ceil(b)) + inside);
    vec4 graded = mix(lower, upper, fract(b));
    gl_FragColor = mix(color, vec4(graded.rgb, color.a), intensity);
}
