precision highp float;
varying vec2 textureCoordinate;
// One built-in family per column band; values scaled into [0, 1].
void main()
{
    vec2 t = textureCoordinate;
    float x = t.x * 4.0 - 2.0;
    float y = t.y * 4.0 - 2.0;
    int band = int(t.x * 8.0);
    vec4 c;
    if (band == 0) c = vec4(0.5 + 0.5 * sin(x * 3.0), 0.5 + 0.5 * cos(y * 3.0), 0.5 + 0.1 * tan(x * 0.7), 1.0);
    else if (band == 1) c = vec4(mod(x * 3.0, 1.3) / 1.3, fract(y * 2.5), 0.5 + atan(y, x) / 6.3, 1.0);
    else if (band == 2) c = vec4(pow(abs(x), 1.7) / 4.0, exp(y) / 8.0, 0.5 + log(abs(x) + 0.1) / 8.0, 1.0);
    else if (band == 3) c = vec4(smoothstep(-1.0, 1.5, x), step(0.3, y), clamp(x * y, 0.0, 1.0), 1.0);
    else if (band == 4) c = vec4(sqrt(abs(y)) / 1.5, inversesqrt(abs(x) + 0.5) / 1.5, 0.5 + 0.5 * sign(x * y), 1.0);
    else if (band == 5) {
        vec3 r = refract(normalize(vec3(x, y, -1.0)), vec3(0.0, 0.0, 1.0), 0.66);
        c = vec4(0.5 + 0.5 * r, 1.0);
    } else if (band == 6) {
        vec3 n = normalize(cross(vec3(x, 1.0, 0.5), vec3(y, -0.5, 1.0)));
        c = vec4(0.5 + 0.5 * reflect(n, vec3(0.0, 1.0, 0.0)), 1.0);
    } else {
        c = vec4(0.5 + 0.25 * asin(clamp(x, -1.0, 1.0)), 0.5 + 0.15 * acos(clamp(y, -1.0, 1.0)),
                 mix(0.2, 0.9, fract(x * y)), 1.0);
    }
    gl_FragColor = c;
}
