// filter: rgb
// title: RGB channel gains
// category: color
// summary: multiplies the red, green and blue channels by separate gains
// formula: rgb' = rgb * (redAdjustment, greenAdjustment, blueAdjustment)
// inputs: 1
// parameter: redAdjustment float default 1.0 range 0.0...2.0
// parameter: greenAdjustment float default 1.0 range 0.0...2.0
// parameter: blueAdjustment float default 1.0 range 0.0...2.0
// example: redAdjustment=1.2 blueAdjustment=0.7
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float redAdjustment;
uniform float greenAdjustment;
uniform float blueAdjustment;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec3 gains = vec3(redAdjustment, greenAdjustment, blueAdjustment);
    gl_FragColor = vec4(color.rgb * gains, color.a);
}
