// Rotates hue about the grey axis with a rotation matrix built per draw, written for Shade:
// mat3 constructors, matrix-vector products, const globals, clamp.
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
uniform float angle; // radians

const vec3 axis = vec3(0.57735026, 0.57735026, 0.57735026);

mat3 rotation(float a)
{
    float c = cos(a);
    float s = sin(a);
    float t = 1.0 - c;
    vec3 n = axis;
    return mat3(
        t * n.x * n.x + c,       t * n.x * n.y + s * n.z, t * n.x * n.z - s * n.y,
        t * n.x * n.y - s * n.z, t * n.y * n.y + c,       t * n.y * n.z + s * n.x,
        t * n.x * n.z + s * n.y, t * n.y * n.z - s * n.x, t * n.z * n.z + c);
}

void main()
{
    vec4 color = texture2D(inputImageTexture, textureCoordinate);
    gl_FragColor = vec4(clamp(rotation(angle) * color.rgb, 0.0, 1.0), color.a);
}
