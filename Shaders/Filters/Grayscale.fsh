// Grayscale (luminance): every channel becomes the Rec. 709 luma of the input,
// Y = 0.2125 R + 0.7154 G + 0.0721 B; alpha is kept.
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(dot(color.rgb, lumaWeights)), color.a);
}
