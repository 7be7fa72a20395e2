// filter: luminanceThreshold
// title: Luminance threshold
// category: color
// summary: white where the luminance is at least threshold, black elsewhere
// formula: rgb' = vec3(step(threshold, dot(rgb, (0.2125, 0.7154, 0.0721))))
// inputs: 1
// parameter: threshold float default 0.5 range 0.0...1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float threshold;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, lumaWeights);
    gl_FragColor = vec4(vec3(step(threshold, y)), color.a);
}
