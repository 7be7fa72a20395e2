// covers: min, max, mod, abs, clamp, fract (RGB to HSV and back)
// inputs: coffee
// uniforms: hueShift=0.15
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float hueShift;
vec3 rgb2hsv(vec3 c) {
    float maxc = max(c.r, max(c.g, c.b));
    float minc = min(c.r, min(c.g, c.b));
    float d = maxc - minc + 1.0e-5;
    float h;
    if (maxc == c.r) h = mod((c.g - c.b) / d, 6.0);
    else if (maxc == c.g) h = (c.b - c.r) / d + 2.0;
    else h = (c.r - c.g) / d + 4.0;
    return vec3(h / 6.0, d / (maxc + 1.0e-5), maxc);
}
vec3 hsv2rgb(vec3 c) {
    vec3 p = abs(fract(c.xxx + vec3(1.0, 2.0 / 3.0, 1.0 / 3.0)) * 6.0 - 3.0);
    return c.z * mix(vec3(1.0), clamp(p - 1.0, 0.0, 1.0), c.y);
}
// Hue shift through HSV.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    vec3 hsv = rgb2hsv(c.rgb);
    hsv.x = fract(hsv.x + hueShift);
    gl_FragColor = vec4(hsv2rgb(hsv), c.a);
}
