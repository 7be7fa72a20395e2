// filter: vibrance
// title: Vibrance
// category: color
// summary: saturates dull colours more than already saturated ones
// formula: avg = (r + g + b) / 3; mx = max(r, g, b); k = (mx - avg) * (-3 vibrance); rgb' = mix(rgb, vec3(mx), k)
// inputs: 1
// parameter: vibrance float default 0.0 range -1.2...1.2
// example: vibrance=0.8
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float vibrance;

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float average = (color.r + color.g + color.b) / 3.0;
    float largest = max(color.r, max(color.g, color.b));
    float k = (largest - average) * (-3.0 * vibrance);
    gl_FragColor = vec4(mix(color.rgb, vec3(largest), k), color.a);
}
