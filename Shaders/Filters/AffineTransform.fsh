// filter: affineTransform
// title: Affine transform (matrix)
// category: processing
// summary: applies a 3x3 affine matrix that maps input pixel positions to output pixel positions (origin top-left, y down, pixel centres at +0.5); uncovered pixels get backgroundColor
// formula: p_out = M (p_in, 1); each output pixel samples in(M^-1 p_out), M^-1 computed from the 2x2 part and the translation column; M is column-major as in GL: values a, b, 0, c, d, 0, tx, ty, 1 mean x' = a x + c y + tx, y' = b x + d y + ty
// inputs: 1
// parameter: transformMatrix mat3 default 1,0,0,0,1,0,0,0,1 -- column-major affine matrix in pixels
// parameter: backgroundColor color default 0.0,0.0,0.0,0.0
// example: transformMatrix=0.9659258,-0.2588190,0,0.2588190,0.9659258,0,-12.8033,22.7494,1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform mat3 transformMatrix;
uniform vec4 backgroundColor;

void main()
{
    vec2 size = floor(vec2(1.0 / texelWidth, 1.0 / texelHeight) + 0.5);
    mat2 linear = mat2(transformMatrix[0].xy, transformMatrix[1].xy);
    float det = linear[0][0] * linear[1][1] - linear[1][0] * linear[0][1];
    mat2 inverse = mat2(linear[1][1], -linear[0][1], -linear[1][0], linear[0][0]) / det;
    vec2 p = textureCoordinate * size;
    vec2 q = inverse * (p - transformMatrix[2].xy) / size;
    bool inside = all(greaterThanEqual(q, vec2(0.0))) && all(lessThanEqual(q, vec2(1.0)));
    gl_FragColor = inside ? texture2D(inputImageTexture, q) : backgroundColor;
}
