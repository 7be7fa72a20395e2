// expect: ok
// A two-quadrant Kuwahara filter written for Shade: the mean of the 3x3 quadrant (up-left or
// down-right of the pixel) whose colour variance is smaller; with ties, the first.
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
const int reach = 2;

// Sum of colours and of squared colours over one quadrant; `dir` is -1 or +1.
void quadrant(float dir, vec2 pixelsPerUnit, out vec3 sum, out vec3 sumOfSquares)
{
    sum = vec3(0.0);
    sumOfSquares = vec3(0.0);
    for (int row = 0; row <= reach; ++row) {
        for (int column = 0; column <= reach; ++column) {
            vec2 offset = dir < 0.0 ? vec2(column - reach, row - reach) : vec2(column, row);
            vec3 texel = texture2D(inputImageTexture, textureCoordinate + offset / pixelsPerUnit).rgb;
            sum += texel;
            sumOfSquares += texel * texel;
        }
    }
}

void main()
{
    vec2 pixelsPerUnit = vec2(1.0 / texelWidth, 1.0 / texelHeight);
    float count = float((reach + 1) * (reach + 1));
    vec3 sumA, squaresA, sumB, squaresB;
    quadrant(-1.0, pixelsPerUnit, sumA, squaresA);
    quadrant(1.0, pixelsPerUnit, sumB, squaresB);
    vec3 meanA = sumA / count;
    vec3 spreadA = abs(squaresA / count - meanA * meanA);
    vec3 meanB = sumB / count;
    vec3 spreadB = abs(squaresB / count - meanB * meanB);
    float varianceA = spreadA.r + spreadA.g + spreadA.b;
    float varianceB = spreadB.r + spreadB.g + spreadB.b;
    // Below 100 (always, for colours in 0...1) the first quadrant is taken, then the second
    // if it is strictly smaller.
    vec3 chosen = varianceA < 100.0 ? meanA : vec3(0.0);
    float best = varianceA < 100.0 ? varianceA : 100.0;
    if (varianceB < best) chosen = meanB;
    gl_FragColor = vec4(chosen, 1.0);
}
