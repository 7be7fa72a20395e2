// expect: ok
precision mediump float;
uniform vec4 u;
void main() {
    vec4 a = abs(u) + sign(u) + floor(u) + ceil(u) + fract(u);
    vec4 b = mod(u, 2.0) + mod(u, u) + min(u, 0.5) + min(u, u) + max(u, 0.5) + max(u, u);
    vec4 c = clamp(u, 0.0, 1.0) + clamp(u, u, u) + mix(u, u, 0.5) + mix(u, u, u);
    vec4 d = step(0.5, u) + step(u, u) + smoothstep(0.0, 1.0, u) + smoothstep(u, u, u);
    float e = mod(1.0, 2.0) + min(1.0, 2.0) + clamp(1.0, 0.0, 2.0) + step(1.0, 0.5);
    gl_FragColor = a + b + c + d + e;
}
