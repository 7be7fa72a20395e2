// filter: sphereRefraction
// title: Sphere refraction
// category: effect
// summary: looks through a glass sphere resting on the image: the picture appears upside down inside the disc, transparent black outside
// formula: distances in units of the image width; v = (p - center) / radius; outside |v| > 1: out = (0, 0, 0, 0); inside: n = (v, sqrt(1 - |v|^2)), r = refract((0, 0, -1), n, refractiveIndex), out = in(center + radius r.xy) (r.xy converted back to texture units)
// inputs: 1
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: radius float default 0.25 range 0.0...1.0 -- fraction of the image width
// parameter: refractiveIndex float default 0.71 range 0.0...1.0 -- ratio of refractive indices (air / glass)
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform float radius;
uniform float refractiveIndex;

void main()
{
    vec2 aspect = vec2(1.0, texelWidth / texelHeight);
    vec2 v = (textureCoordinate - center) * aspect / radius;
    float d2 = dot(v, v);
    if (d2 > 1.0) {
        gl_FragColor = vec4(0.0);
        return;
    }
    vec3 normal = vec3(v, sqrt(1.0 - d2));
    vec3 ray = refract(vec3(0.0, 0.0, -1.0), normal, refractiveIndex);
    vec2 q = center + ray.xy * radius / aspect;
    gl_FragColor = texture2D(inputImageTexture, q);
}
