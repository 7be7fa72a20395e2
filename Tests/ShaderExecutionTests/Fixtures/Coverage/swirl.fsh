// covers: distance, sin, cos, degrees, texture2D with computed coordinates
// inputs: coffee
// uniforms: angle=1.2
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float angle;
// GPUImage's swirl distortion around the centre.
void main()
{
    vec2 center = vec2(0.5, 0.5);
    float radius = 0.45;
    vec2 uv = textureCoordinate - center;
    float dist = distance(textureCoordinate, center);
    if (dist < radius) {
        float percent = (radius - dist) / radius;
        float theta = percent * percent * angle * 8.0;
        float s = sin(theta), c = cos(theta);
        uv = vec2(dot(uv, vec2(c, -s)), dot(uv, vec2(s, c)));
    }
    vec4 color = texture2D(inputImageTexture, uv + center);
    gl_FragColor = vec4(color.rgb, clamp(degrees(dist) / 40.0, 0.0, 1.0));
}
