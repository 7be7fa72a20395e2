// filter: gamma
// title: Gamma
// category: color
// summary: raises every colour channel to the power gamma
// formula: rgb' = pow(rgb, gamma)
// inputs: 1
// parameter: gamma float default 1.0 range 0.0...3.0 -- < 1 brightens mid-tones, > 1 darkens
// example: gamma=0.6
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float gamma;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(pow(color.rgb, vec3(gamma)), color.a);
}
