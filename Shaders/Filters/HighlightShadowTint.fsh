// filter: highlightShadowTint
// title: Highlight and shadow tint
// category: color
// summary: tints dark areas with one colour and bright areas with another (overlay blend weighted by luminance)
// formula: Y = luma(rgb); o(c, t) = c < 0.5 ? 2 c t : 1 - 2 (1-c)(1-t); rgb1 = mix(rgb, o(rgb, shadowTintColor), shadowTintIntensity (1-Y)^2); rgb' = mix(rgb1, o(rgb1, highlightTintColor), highlightTintIntensity Y^2)
// inputs: 1
// parameter: shadowTintColor color default 1.0,0.0,0.0
// parameter: shadowTintIntensity float default 0.0 range 0.0...1.0
// parameter: highlightTintColor color default 0.0,0.0,1.0
// parameter: highlightTintIntensity float default 0.0 range 0.0...1.0
// example: shadowTintIntensity=0.6 highlightTintIntensity=0.6
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform vec3 shadowTintColor;
uniform float shadowTintIntensity;
uniform vec3 highlightTintColor;
uniform float highlightTintIntensity;

const vec3 lumaWeights = vec3(0.2125, 0.7154, 0.0721);

vec3 overlayTint(vec3 base, vec3 tint)
{
    vec3 dark = 2.0 * base * tint;
    vec3 light = vec3(1.0) - 2.0 * (vec3(1.0) - base) * (vec3(1.0) - tint);
    return mix(light, dark, vec3(lessThan(base, vec3(0.5))));
}

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    float y = dot(color.rgb, lumaWeights);
    float shadowWeight = shadowTintIntensity * (1.0 - y) * (1.0 - y);
    vec3 rgb = mix(color.rgb, overlayTint(color.rgb, shadowTintColor), shadowWeight);
    float highlightWeight = highlightTintIntensity * y * y;
    rgb = mix(rgb, overlayTint(rgb, highlightTintColor), highlightWeight);
    gl_FragColor = vec4(rgb, color.a);
}
