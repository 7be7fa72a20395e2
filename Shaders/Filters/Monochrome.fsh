// filter: monochrome
// title: Monochrome
// category: color
// summary: tints the grey version of the image with one colour (overlay blend), mixed by intensity
// formula: Y = luma(rgb); m = Y < 0.5 ? 2 Y color : 1 - 2 (1 - Y)(1 - color) per channel; rgb' = mix(rgb, m, intensity)
// inputs: 1
// parameter: color color default 0.6,0.45,0.3 -- the tint
// parameter: intensity float default 1.0 range 0.0...1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec3 color;
uniform float intensity;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

void main()
{
    vec4 pixel = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(pixel.rgb, lumaWeights);
    vec3 dark = 2.0 * y * color;
    vec3 light = vec3(1.0) - 2.0 * (1.0 - y) * (vec3(1.0) - color);
    vec3 tinted = y < 0.5 ? dark : light;
    gl_FragColor = vec4(mix(pixel.rgb, tinted, intensity), pixel.a);
}
