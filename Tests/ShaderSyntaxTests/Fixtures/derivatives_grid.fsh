#extension GL_OES_standard_derivatives : enable
precision mediump float;

varying vec2 vUv;
uniform vec3 lineColor;
uniform float lineWidth;

float grid(vec2 st, float res)
{
    vec2 grid = fract(st * res);
#ifdef GL_OES_standard_derivatives
    vec2 w = fwidth(st * res) * lineWidth;
#else
    vec2 w = vec2(0.02);
#endif
    vec2 g = smoothstep(vec2(0.0), w, grid) * smoothstep(vec2(0.0), w, 1.0 - grid);
    return 1.0 - g.x * g.y;
}

void main()
{
    float g = max(grid(vUv, 10.0), 0.5 * grid(vUv, 50.0));
    if (g < 0.01) discard;
    gl_FragColor = vec4(lineColor * g, g);
}
