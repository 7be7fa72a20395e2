// filter: colorMatrix
// title: Colour matrix
// category: color
// summary: multiplies the RGBA colour by a 4x4 matrix, adds a bias, and mixes with the original by intensity
// formula: c' = mix(c, colorMatrix * c + colorOffset, intensity); c is the column vector (r, g, b, a); the matrix is column-major as in GL (first four values = first column)
// inputs: 1
// parameter: colorMatrix mat4 default 1,0,0,0,0,1,0,0,0,0,1,0,0,0,0,1 -- column-major
// parameter: colorOffset vec4 default 0.0,0.0,0.0,0.0 range -1.0...1.0 -- bias added after the matrix (Core Image's inputBiasVector)
// parameter: intensity float default 1.0 range 0.0...1.0
// example: colorMatrix=0,0,1,0,0,1,0,0,1,0,0,0,0,0,0,1
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform mat4 colorMatrix;
uniform vec4 colorOffset;
uniform float intensity;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = mix(color, colorMatrix * color + colorOffset, intensity);
}
