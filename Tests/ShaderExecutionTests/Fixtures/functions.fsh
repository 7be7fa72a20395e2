precision highp float;
varying vec2 textureCoordinate;
uniform sampler2D inputImageTexture;

// in / out / inout parameters, early returns, a helper taking a sampler, recursion-free calls.
struct Light { vec3 color; float power; };

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

void split(in vec4 c, out vec3 rgb, inout float a) {
    rgb = c.rgb;
    a = a * c.a;
}

float band(float x) {
    if (x < 0.25) return 0.1;
    if (x < 0.5) { return 0.4; }
    else if (x < 0.75) return 0.7;
    return 1.0;
}

vec4 fetch(sampler2D s, vec2 p) { return texture2D(s, p); }

vec3 shade(Light l, vec3 c) { return c * l.color * l.power; }

void main() {
    vec3 rgb;
    float a = 0.5;
    split(fetch(inputImageTexture, textureCoordinate), rgb, a);
    Light l = Light(vec3(1.0, 0.8, 0.6), 1.25);
    l.power -= 0.25 * band(textureCoordinate.x);
    vec3 lit = shade(l, rgb);
    gl_FragColor = vec4(lit.r, band(luma(rgb)), lit.b, a + 0.25);
}
