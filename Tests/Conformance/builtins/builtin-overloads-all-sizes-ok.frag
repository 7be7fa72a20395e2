// expect: ok
precision mediump float;
uniform float f;
uniform vec2 v2;
uniform vec3 v3;
uniform vec4 v4;
void main() {
    float a = sin(f) + pow(f, f) + mod(f, f) + clamp(f, 0.0, 1.0) + mix(f, f, f) + step(f, f);
    vec2 b = sin(v2) + pow(v2, v2) + mod(v2, f) + clamp(v2, 0.0, 1.0) + mix(v2, v2, f) + step(f, v2);
    vec3 c = sin(v3) + pow(v3, v3) + mod(v3, v3) + clamp(v3, v3, v3) + mix(v3, v3, v3) + step(v3, v3);
    vec4 d = sin(v4) + pow(v4, v4) + mod(v4, f) + clamp(v4, f, f) + mix(v4, v4, f) + smoothstep(f, f, v4);
    float e = length(v2) + length(v3) + length(v4) + distance(v4, v4) + dot(v3, v3);
    gl_FragColor = vec4(a + b.x + c.y + d.z + e);
}
