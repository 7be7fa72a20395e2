// filter: highlightShadow
// title: Highlights and shadows
// category: color
// summary: lifts shadows and pulls down highlights using luminance-driven curves, keeping the hue
// formula: Y = dot(rgb, (0.3, 0.3, 0.4)); s = clamp(pow(Y, 1/(shadows+1)) - 0.76 pow(Y, 2/(shadows+1)) - Y, 0, 1); h = clamp(1 - (pow(1-Y, 1/(2-highlights)) - 0.8 pow(1-Y, 2/(2-highlights))) - Y, -1, 0); rgb' = (Y + s + h) * rgb / Y (rgb' = 0 where Y = 0)
// inputs: 1
// parameter: shadows float default 0.0 range 0.0...1.0 -- 0 leaves shadows, 1 lifts them most
// parameter: highlights float default 1.0 range 0.0...1.0 -- 1 leaves highlights, 0 darkens them most
// example: shadows=0.6 highlights=0.6
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float shadows;
uniform float highlights;

const vec3 lumaWeights = vec3(0.3, 0.3, 0.4);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, lumaWeights);
    float ps = 1.0 / (shadows + 1.0);
    float ph = 1.0 / (2.0 - highlights);
    float lift = clamp(pow(y, ps) - 0.76 * pow(y, 2.0 * ps) - y, 0.0, 1.0);
    float inverse = 1.0 - y;
    float pull = clamp(1.0 - (pow(inverse, ph) - 0.8 * pow(inverse, 2.0 * ph)) - y, -1.0, 0.0);
    vec3 rgb = y > 0.0 ? (y + lift + pull) * (color.rgb / y) : vec3(0.0);
    gl_FragColor = vec4(rgb, color.a);
}
