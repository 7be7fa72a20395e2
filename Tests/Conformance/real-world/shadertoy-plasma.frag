// expect: ok
precision highp float;
uniform vec3 iResolution;
uniform float iTime;
void mainImage(out vec4 fragColor, in vec2 fragCoord)
{
    vec2 uv = fragCoord / iResolution.xy;
    float v = 0.0;
    v += sin((uv.x * 10.0 + iTime));
    v += sin((uv.y * 10.0 + iTime) / 2.0);
    v += sin((uv.x * 10.0 + uv.y * 10.0 + iTime) / 2.0);
    vec2 c = uv * 10.0 + vec2(sin(iTime / 3.0), cos(iTime / 2.0)) * 5.0;
    v += sin(sqrt(c.x * c.x + c.y * c.y + 1.0) + iTime);
    v = v / 2.0;
    vec3 col = vec3(1.0, sin(3.14159 * v), cos(3.14159 * v));
    fragColor = vec4(col * 0.5 + 0.5, 1.0);
}
void main()
{
    mainImage(gl_FragColor, gl_FragCoord.xy);
}
