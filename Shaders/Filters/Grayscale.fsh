// filter: grayscale
// title: Grayscale (luminance)
// category: color
// summary: replaces every channel by the Rec. 709 luma of the pixel; alpha kept
// formula: Y = 0.2125 R + 0.7154 G + 0.0721 B; rgb' = (Y, Y, Y)
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(dot(color.rgb, lumaWeights)), color.a);
}
