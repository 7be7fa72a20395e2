// filter: colorControls
// title: Colour controls
// category: color
// summary: saturation, brightness and contrast in one pass (Core Image's CIColorControls)
// formula: Y = dot(rgb, (0.2125, 0.7154, 0.0721)); c1 = mix(vec3(Y), rgb, saturation); c2 = c1 + brightness; rgb' = (c2 - 0.5) contrast + 0.5; alpha kept
// inputs: 1
// parameter: saturation float default 1.0 range 0.0...2.0
// parameter: brightness float default 0.0 range -1.0...1.0
// parameter: contrast float default 1.0 range 0.25...4.0
// example: saturation=1.3 brightness=0.05 contrast=1.2
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float saturation;
uniform float brightness;
uniform float contrast;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec3 rgb = mix(vec3(dot(color.rgb, lumaWeights)), color.rgb, saturation);
    rgb = (rgb + vec3(brightness) - vec3(0.5)) * contrast + vec3(0.5);
    gl_FragColor = vec4(rgb, color.a);
}
