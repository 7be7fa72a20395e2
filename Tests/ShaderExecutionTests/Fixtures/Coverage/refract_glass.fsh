// covers: refract, normalize, texture2D at refracted coordinates
// inputs: coffee
// uniforms: refractiveIndex=0.71
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float refractiveIndex;
// GPUImage's glass-sphere refraction.
void main()
{
    vec2 center = vec2(0.5, 0.5);
    float radius = 0.4;
    float d = distance(center, textureCoordinate);
    float within = step(d, radius);
    float z = sqrt(max(1.0 - (d / radius) * (d / radius), 0.0));
    vec3 n = normalize(vec3((textureCoordinate - center) / radius, z + 1.0e-4));
    vec3 r = refract(vec3(0.0, 0.0, -1.0), n, refractiveIndex);
    vec3 total = refract(vec3(0.6, 0.0, -0.8), vec3(0.0, 0.0, 1.0), 1.8);
    vec4 c = texture2D(inputImageTexture, (r.xy + 1.0) * 0.5);
    gl_FragColor = vec4(c.rgb * within, 0.5 + 0.5 * total.x + 0.25 * within);
}
