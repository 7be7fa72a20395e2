precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;
// A data-dependent loop with break and continue, and discard.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    if (c.a < 0.125) discard;
    float acc = 0.0;
    for (int i = 0; i < 16; i++) {
        if (float(i) > c.r * 16.0) break;
        if (mod(float(i), 3.0) == 1.0) continue;
        acc += 0.05;
    }
    gl_FragColor = vec4(acc, c.g, 1.0 - acc, 1.0);
}
