#ifdef GL_ES
precision mediump float;
#endif

uniform vec3 iResolution;
uniform float iTime;
uniform vec4 iMouse;

#define PI 3.14159265359
#define TAU (2.0 * PI)
#define saturate(x) clamp(x, 0.0, 1.0)

vec3 palette(in float t, in vec3 a, in vec3 b, in vec3 c, in vec3 d)
{
    return a + b * cos(TAU * (c * t + d));
}

void mainImage(out vec4 fragColor, in vec2 fragCoord)
{
    vec2 uv = (fragCoord * 2.0 - iResolution.xy) / iResolution.y;
    vec2 uv0 = uv;
    vec3 finalColor = vec3(0.0);

    for (float i = 0.0; i < 4.0; i++) {
        uv = fract(uv * 1.5) - 0.5;
        float d = length(uv) * exp(-length(uv0));
        vec3 col = palette(length(uv0) + i * .4 + iTime * .4,
                           vec3(0.5), vec3(0.5), vec3(1.0), vec3(0.263, 0.416, 0.557));
        d = sin(d * 8. + iTime) / 8.;
        d = abs(d);
        d = pow(0.01 / d, 1.2);
        finalColor += col * saturate(d);
    }

    fragColor = vec4(finalColor, 1.0);
}

void main()
{
    mainImage(gl_FragColor, gl_FragCoord.xy);
}
