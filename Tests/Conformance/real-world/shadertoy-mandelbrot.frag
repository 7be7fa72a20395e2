// expect: ok
precision highp float;
uniform vec2 u_resolution;
uniform float u_time;
vec3 palette(float t) {
    vec3 a = vec3(0.5); vec3 b = vec3(0.5); vec3 c = vec3(1.0); vec3 d = vec3(0.0, 0.33, 0.67);
    return a + b * cos(6.28318 * (c * t + d));
}
void main() {
    vec2 uv = (gl_FragCoord.xy / u_resolution) * 3.0 - vec2(2.0, 1.5);
    vec2 z = vec2(0.0);
    float n = 0.0;
    for (int i = 0; i < 100; i++) {
        z = vec2(z.x * z.x - z.y * z.y, 2.0 * z.x * z.y) + uv;
        if (dot(z, z) > 4.0) break;
        n += 1.0;
    }
    gl_FragColor = vec4(n >= 100.0 ? vec3(0.0) : palette(n / 100.0 + u_time * 0.1), 1.0);
}
