// expect: ok
precision mediump float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform float edgeStrength;
float lum(vec2 offset) {
    vec3 c = texture2D(inputImageTexture, textureCoordinate + offset).rgb;
    return dot(c, vec3(0.2125, 0.7154, 0.0721));
}
void main()
{
    vec2 dx = vec2(texelWidth, 0.0);
    vec2 dy = vec2(0.0, texelHeight);
    float tl = lum(-dx - dy);
    float t = lum(-dy);
    float tr = lum(dx - dy);
    float l = lum(-dx);
    float r = lum(dx);
    float bl = lum(-dx + dy);
    float b = lum(dy);
    float br = lum(dx + dy);
    float h = -tl - 2.0 * t - tr + bl + 2.0 * b + br;
    float v = -bl - 2.0 * l - tl + br + 2.0 * r + tr;
    float mag = length(vec2(h, v)) * edgeStrength;
    gl_FragColor = vec4(vec3(mag), 1.0);
}
