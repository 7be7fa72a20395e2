precision mediump float;
uniform vec2 u_resolution;
uniform float u_time;
float random(vec2 st) { return fract(sin(dot(st, vec2(12.9898, 78.233))) * 43758.5453123); }
vec2 random2(vec2 p) {
    return fract(sin(vec2(dot(p, vec2(127.1, 311.7)), dot(p, vec2(269.5, 183.3)))) * 43758.5453);
}
float valueNoise(vec2 st) {
    vec2 i = floor(st), f = fract(st);
    float a = random(i), b = random(i + vec2(1.0, 0.0));
    float c = random(i + vec2(0.0, 1.0)), d = random(i + vec2(1.0, 1.0));
    vec2 u = f * f * (3.0 - 2.0 * f);
    return mix(a, b, u.x) + (c - a) * u.y * (1.0 - u.x) + (d - b) * u.x * u.y;
}
float gradientNoise(vec2 st) {
    vec2 i = floor(st), f = fract(st);
    vec2 u = f * f * (3.0 - 2.0 * f);
    float a = dot(random2(i) * 2.0 - 1.0, f);
    float b = dot(random2(i + vec2(1.0, 0.0)) * 2.0 - 1.0, f - vec2(1.0, 0.0));
    float c = dot(random2(i + vec2(0.0, 1.0)) * 2.0 - 1.0, f - vec2(0.0, 1.0));
    float d = dot(random2(i + vec2(1.0, 1.0)) * 2.0 - 1.0, f - vec2(1.0, 1.0));
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y) * 0.5 + 0.5;
}
float fbm(vec2 st) {
    float v = 0.0, amp = 0.5;
    for (int k = 0; k < 5; k++) { v += amp * valueNoise(st); st *= 2.0; amp *= 0.5; }
    return v;
}

// nearest cell point colours the cell
void main() {
    vec2 st = gl_FragCoord.xy / u_resolution.xy;
    vec2 g = st * 5.0; vec2 i = floor(g), f = fract(g);
    float m = 8.0; vec2 id = vec2(0.0);
    for (int y = -1; y <= 1; y++) for (int x = -1; x <= 1; x++) {
        vec2 n = vec2(float(x), float(y));
        float d = length(n + random2(i + n) - f);
        if (d < m) { m = d; id = i + n; }
    }
    gl_FragColor = vec4(random2(id), random(id), 1.0);
}
