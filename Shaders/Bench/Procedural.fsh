// Benchmark: an ALU-heavy procedural pattern (no textures): eight octaves of sin/cos waves.
precision highp float;
uniform vec2 u_resolution;
uniform float u_time;

void main()
{
    vec2 uv = gl_FragCoord.xy / u_resolution;
    float value = 0.0;
    float frequency = 3.0;
    float amplitude = 0.5;
    for (int i = 0; i < 8; i++) {
        value += amplitude * sin(uv.x * frequency + u_time) * cos(uv.y * frequency - u_time);
        frequency *= 1.7;
        amplitude *= 0.6;
    }
    gl_FragColor = vec4(0.5 + 0.5 * value, fract(value * 4.0), uv.x * uv.y, 1.0);
}
