// filter: crosshatch
// title: Crosshatch
// category: effect
// summary: black pen hatching on white: darker areas get more families of diagonal, horizontal and vertical lines
// formula: Y = luma; with s = crossHatchSpacing, w = lineWidth, (x, y) = textureCoordinate: a pixel is ink if Y < 1.00 and mod(x + y, s) < w, or Y < 0.75 and mod(x - y, s) < w, or Y < 0.50 and mod(x + y - s/2, s) < w, or Y < 0.30 and mod(x - y - s/2, s) < w; ink is black, else white; alpha 1
// inputs: 1
// parameter: crossHatchSpacing float default 0.03 range 0.0...0.2 -- line spacing in texture units
// parameter: lineWidth float default 0.003 range 0.0...0.05 -- in texture units
// example: crossHatchSpacing=0.06 lineWidth=0.008
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float crossHatchSpacing;
uniform float lineWidth;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

bool onLine(float t, float darkness, float limit)
{
    return darkness < limit && mod(t, crossHatchSpacing) < lineWidth;
}

void main()
{
    float y = dot(texture2D(inputImageTexture, textureCoordinate).rgb, lumaWeights);
    float sum = textureCoordinate.x + textureCoordinate.y;
    float difference = textureCoordinate.x - textureCoordinate.y;
    float halfSpacing = 0.5 * crossHatchSpacing;
    bool ink = onLine(sum, y, 1.0) || onLine(difference, y, 0.75)
        || onLine(sum - halfSpacing, y, 0.5) || onLine(difference - halfSpacing, y, 0.3);
    gl_FragColor = vec4(vec3(ink ? 0.0 : 1.0), 1.0);
}
