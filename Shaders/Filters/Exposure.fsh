// filter: exposure
// title: Exposure
// category: color
// summary: multiplies the colour by 2^exposure, like changing exposure by that many stops
// formula: rgb' = rgb * pow(2, exposure)
// inputs: 1
// parameter: exposure float default 0.0 range -10.0...10.0 -- in stops (EV)
// example: exposure=0.7
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float exposure;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(color.rgb * exp2(exposure), color.a);
}
