// filter: falseColor
// title: False colour
// category: color
// summary: maps luminance onto a ramp between two colours
// formula: rgb' = mix(firstColor, secondColor, luma(rgb)), luma weights (0.2125, 0.7154, 0.0721)
// inputs: 1
// parameter: firstColor color default 0.0,0.0,0.5 -- colour of black
// parameter: secondColor color default 1.0,0.0,0.0 -- colour of white
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec3 firstColor;
uniform vec3 secondColor;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, lumaWeights);
    gl_FragColor = vec4(mix(firstColor, secondColor, y), color.a);
}
