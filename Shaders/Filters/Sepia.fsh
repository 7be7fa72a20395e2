// filter: sepia
// title: Sepia tone
// category: color
// summary: the classic sepia colour matrix, mixed with the original by intensity
// formula: r' = 0.393 r + 0.769 g + 0.189 b; g' = 0.349 r + 0.686 g + 0.168 b; b' = 0.272 r + 0.534 g + 0.131 b; rgb' = mix(rgb, sepia, intensity)
// inputs: 1
// parameter: intensity float default 1.0 range 0.0...1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float intensity;

// Columns are the contributions of r, g and b.
const mat3 sepiaMatrix = mat3(0.393, 0.349, 0.272,
                              0.769, 0.686, 0.534,
                              0.189, 0.168, 0.131);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(mix(color.rgb, sepiaMatrix * color.rgb, intensity), color.a);
}
