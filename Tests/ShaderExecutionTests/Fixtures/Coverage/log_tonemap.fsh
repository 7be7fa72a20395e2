// covers: log, log2, exp
// inputs: astronaut
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
const vec3 W = vec3(0.2125, 0.7154, 0.0721);

// A logarithmic tone curve on luminance.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float l = dot(c.rgb, W) + 0.01;
    float mapped = log(1.0 + 4.0 * l) / log(5.0);
    float bits = log2(1.0 + 15.0 * l) / 4.0;
    vec3 outc = c.rgb * (mapped / l);
    gl_FragColor = vec4(clamp(outc.r, 0.0, 1.0), bits, exp(-3.0 * l), c.a);
}
