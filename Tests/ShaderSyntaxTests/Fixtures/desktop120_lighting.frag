#version 120
// Classic fixed-function-style per-pixel lighting from an old desktop code base.

varying vec3 normal;
varying vec3 eyePosition;
centroid varying vec2 texCoord;
invariant varying vec4 vertexColor;

uniform sampler2D diffuseMap;
uniform mat3x3 normalAdjust;
uniform float shininess = 32.0f;

const int LIGHTS = 2;

vec3 shade(in vec3 n, in vec3 v, in int light)
{
    vec3 l = normalize(gl_LightSource[light].position.xyz - eyePosition);
    vec3 h = normalize(l + v);
    float diffuse = max(dot(n, l), 0.0);
    float specular = diffuse > 0.0 ? pow(max(dot(n, h), 0.0), shininess) : 0.0f;
    return gl_LightSource[light].diffuse.rgb * diffuse + gl_LightSource[light].specular.rgb * specular;
}

void main()
{
    vec3 n = normalize(normalAdjust * normal);
    vec3 v = normalize(-eyePosition);
    vec3 color = gl_LightModel.ambient.rgb;
    for (int i = 0; i < LIGHTS; ++i)
        color += shade(n, v, i);
    vec4 albedo = texture2D(diffuseMap, gl_TexCoord[0].st) * vertexColor;
    gl_FragColor = vec4(color * albedo.rgb, albedo.a);
}
