// filter: whiteBalance
// title: White balance
// category: color
// summary: shifts colour temperature (in kelvin, relative to 5000 K) and green/magenta tint
// formula: tint moves YIQ's Q by tint * 0.0005226 (0.05226 per 100, GPUImage's scale; clamped to +-0.5226); the result is then overlay-blended with warm (0.93, 0.54, 0) by k = 0.0004 (T - 5000) if T < 5000 else 0.00006 (T - 5000): rgb' = mix(rgb, overlay(rgb, warm), k)
// inputs: 1
// parameter: temperature float default 5000.0 range 4000.0...7000.0 -- kelvin; 5000 is neutral, lower is cooler
// parameter: tint float default 0.0 range -200.0...200.0 -- positive is more magenta
// example: temperature=6500 tint=20
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float temperature;
uniform float tint;

const mat3 rgbToYIQ = mat3(0.299, 0.596, 0.211,
                           0.587, -0.274, -0.523,
                           0.114, -0.322, 0.312);
const mat3 yiqToRGB = mat3(1.0, 1.0, 1.0,
                           0.956, -0.272, -1.106,
                           0.621, -0.647, 1.703);
const vec3 warm = vec3(0.93, 0.54, 0.0);

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    vec3 yiq = rgbToYIQ * color.rgb;
    yiq.z = clamp(yiq.z + tint * 0.0005226, -0.5226, 0.5226);
    vec3 rgb = yiqToRGB * yiq;
    vec3 low = 2.0 * rgb * warm;
    vec3 high = vec3(1.0) - 2.0 * (vec3(1.0) - rgb) * (vec3(1.0) - warm);
    vec3 overlaid = mix(high, low, vec3(lessThan(rgb, vec3(0.5))));
    float shift = temperature - 5000.0;
    float k = shift < 0.0 ? 0.0004 * shift : 0.00006 * shift;
    gl_FragColor = vec4(mix(rgb, overlaid, k), color.a);
}
