// covers: floor, ceil
// inputs: coffee
// uniforms: colorLevels=6.0
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float colorLevels;
// GPUImage's posterize, with ceil on one channel.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 p = floor(c.rgb * colorLevels + 0.5) / colorLevels;
    gl_FragColor = vec4(p.rg, ceil(c.b * colorLevels) / colorLevels, c.a);
}
