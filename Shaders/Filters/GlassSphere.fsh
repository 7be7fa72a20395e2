// filter: glassSphere
// title: Glass sphere
// category: effect
// summary: sphere refraction with lighting: a dim rim, a soft ambient glow and a specular highlight at the upper left
// formula: as sphereRefraction for the refracted colour c and normal n; l = (-1, -1, 2) / sqrt(6) (light from the upper left, y down); rim = smoothstep(0.85, 1, |v|); rgb' = c.rgb (1 - 0.35 rim) + 0.15 max(n.l, 0) + 0.8 max(reflect(-l, n).z, 0)^24; alpha of the sample; outside the disc transparent black
// inputs: 1
// parameter: center vec2 default 0.5,0.5 range 0.0...1.0 -- texture coordinates
// parameter: radius float default 0.25 range 0.0...1.0 -- fraction of the image width
// parameter: refractiveIndex float default 0.71 range 0.0...1.0
precision highp float;

varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float texelWidth;
uniform float texelHeight;
uniform vec2 center;
uniform float radius;
uniform float refractiveIndex;

const vec3 light = vec3(-0.40824829, -0.40824829, 0.81649658);

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
    vec4 color = texture2D(inputImageTexture, center + ray.xy * radius / aspect);
    float rim = smoothstep(0.85, 1.0, sqrt(d2));
    float diffuse = max(dot(normal, light), 0.0);
    float specular = pow(max(dot(reflect(-light, normal), vec3(0.0, 0.0, 1.0)), 0.0), 24.0);
    vec3 lit = color.rgb * (1.0 - 0.35 * rim) + 0.15 * diffuse + 0.8 * specular;
    gl_FragColor = vec4(lit, color.a);
}
