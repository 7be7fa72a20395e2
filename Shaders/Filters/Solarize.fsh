// filter: solarize
// title: Solarize
// category: color
// summary: inverts the colours of pixels whose luminance is at least threshold
// formula: rgb' = luma(rgb) >= threshold ? 1 - rgb : rgb
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
    float flip = step(threshold, dot(color.rgb, lumaWeights));
    gl_FragColor = vec4(mix(color.rgb, vec3(1.0) - color.rgb, flip), color.a);
}
