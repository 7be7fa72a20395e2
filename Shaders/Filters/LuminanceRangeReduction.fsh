// filter: luminanceRangeReduction
// title: Luminance range reduction
// category: color
// summary: compresses the luminance range towards mid grey while keeping colour differences
// formula: Y = dot(rgb, (0.2125, 0.7154, 0.0721)); rgb' = rgb + (0.5 - Y) rangeReductionFactor; alpha kept
// inputs: 1
// parameter: rangeReductionFactor float default 0.6 range 0.0...1.0 -- 0 leaves the image, 1 sets every luminance to 0.5
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float rangeReductionFactor;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float shift = (0.5 - dot(color.rgb, lumaWeights)) * rangeReductionFactor;
    gl_FragColor = vec4(color.rgb + vec3(shift), color.a);
}
