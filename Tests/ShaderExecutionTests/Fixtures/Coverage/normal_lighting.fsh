// covers: normalize, dot, reflect, faceforward, length, pow
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

uniform float texelWidth;
uniform float texelHeight;
// Treat luminance as a height field and light it.
void main()
{
    float h = dot(texture2D(inputImageTexture, textureCoordinate).rgb, W);
    float hx = dot(texture2D(inputImageTexture, textureCoordinate + vec2(texelWidth, 0.0)).rgb, W);
    float hy = dot(texture2D(inputImageTexture, textureCoordinate + vec2(0.0, texelHeight)).rgb, W);
    vec3 n = normalize(vec3(h - hx, h - hy, 0.1));
    vec3 l = normalize(vec3(0.4, 0.5, 1.0));
    vec3 v = vec3(0.0, 0.0, 1.0);
    vec3 nf = faceforward(n, -v, n);
    float diffuse = max(dot(nf, l), 0.0);
    vec3 r = reflect(-l, nf);
    float specular = pow(max(dot(r, v), 0.001), 8.0);
    gl_FragColor = vec4(vec3(diffuse * 0.8), clamp(specular + 0.2 * length(n.xy), 0.0, 1.0));
}
