// filter: brightness
// title: Brightness
// category: color
// summary: adds a constant to red, green and blue
// formula: rgb' = rgb + brightness; alpha kept
// inputs: 1
// parameter: brightness float default 0.0 range -1.0...1.0 -- amount added to each colour channel
// example: brightness=0.25
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float brightness;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(color.rgb + vec3(brightness), color.a);
}
