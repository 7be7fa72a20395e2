// filter: contrast
// title: Contrast
// category: color
// summary: scales every colour channel away from (or towards) mid grey
// formula: rgb' = (rgb - 0.5) * contrast + 0.5; alpha kept
// inputs: 1
// parameter: contrast float default 1.0 range 0.0...4.0 -- 1 leaves the image unchanged
// example: contrast=1.5
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float contrast;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4((color.rgb - vec3(0.5)) * contrast + vec3(0.5), color.a);
}
