// filter: saturation
// title: Saturation
// category: color
// summary: moves each pixel towards (saturation < 1) or away from (> 1) its grey value
// formula: Y = dot(rgb, (0.2125, 0.7154, 0.0721)); rgb' = mix(vec3(Y), rgb, saturation)
// inputs: 1
// parameter: saturation float default 1.0 range 0.0...2.0 -- 0 is grey, 1 unchanged
// example: saturation=1.6
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float saturation;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec3 grey = vec3(dot(color.rgb, lumaWeights));
    gl_FragColor = vec4(mix(grey, color.rgb, saturation), color.a);
}
