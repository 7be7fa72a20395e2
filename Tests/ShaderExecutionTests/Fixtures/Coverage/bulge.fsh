// covers: smoothstep, distance, division, aspect-corrected coordinates (GPUImage bulge)
// inputs: chelsea
// uniforms: aspectRatio=0.75 scale=0.5
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

uniform float aspectRatio;
uniform float scale;
void main()
{
    vec2 center = vec2(0.5, 0.5);
    float radius = 0.25;
    vec2 c = vec2(textureCoordinate.x, (textureCoordinate.y * aspectRatio + 0.5 - 0.5 * aspectRatio));
    float dist = distance(center, c);
    vec2 uv = textureCoordinate;
    if (dist < radius) {
        uv -= center;
        float percent = 1.0 - ((radius - dist) / radius) * scale;
        percent = percent * percent;
        uv = uv * percent + center;
    }
    gl_FragColor = texture2D(inputImageTexture, uv);
}
