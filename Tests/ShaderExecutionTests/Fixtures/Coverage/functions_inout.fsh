// covers: user functions with in, out and inout parameters, early return
// inputs: coffee
precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

void split(in vec3 c, out float lum, out vec3 chroma) {
    lum = dot(c, vec3(0.299, 0.587, 0.114));
    chroma = c - lum;
}
void boost(inout vec3 chroma, float amount) {
    chroma *= amount;
}
float curve(float x) {
    if (x < 0.25) return x * 0.5;
    return 0.125 + (x - 0.25) * 1.1666;
}
// Split into luma and chroma, boost the chroma, curve the luma.
void main()
{
    vec4 c = texture2D(inputImageTexture, textureCoordinate);
    float l; vec3 ch;
    split(c.rgb, l, ch);
    boost(ch, 1.4);
    gl_FragColor = vec4(curve(l) + ch, c.a);
}
