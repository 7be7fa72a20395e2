// filter: colorInvert
// title: Colour invert
// category: color
// summary: inverts red, green and blue; alpha kept
// formula: rgb' = 1 - rgb
// inputs: 1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(vec3(1.0) - color.rgb, color.a);
}
