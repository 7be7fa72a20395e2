// covers: tan, atan(x), length
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// A fisheye-style lens: radius through tan and back.
void main()
{
    vec2 p = textureCoordinate * 2.0 - 1.0;
    float r = length(p) + 1.0e-3;
    float k = tan(r * 0.7) / tan(0.7);
    vec2 q = p / r * k;
    vec4 c = texture2D(inputImageTexture, q * 0.5 + 0.5);
    gl_FragColor = vec4(c.rgb, 0.5 + atan(p.x, 0.75 + p.y) / 6.3);
}
