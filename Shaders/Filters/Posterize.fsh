// filter: posterize
// title: Posterize
// category: color
// summary: reduces each colour channel to colorLevels + 1 evenly spaced values
// formula: rgb' = floor(rgb * colorLevels + 0.5) / colorLevels
// inputs: 1
// parameter: colorLevels float default 10.0 range 1.0...256.0
// example: colorLevels=4
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float colorLevels;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(floor(color.rgb * colorLevels + vec3(0.5)) / colorLevels, color.a);
}
