#version 300 es
// attachments: 4
// size: 32x24
// uniforms: gain=0.625
// Four draw buffers of different widths (vec4, vec4, float, vec2), one with a discard hole:
// a narrower output's missing components are 0 in llvmpipe.
precision highp float;
in vec2 textureCoordinate;
uniform float gain;
layout(location = 0) out vec4 color;
layout(location = 1) out vec4 normal;
layout(location = 2) out float ramp;
layout(location = 3) out vec2 uv;
void main() {
    vec2 p = textureCoordinate;
    if (length(p - vec2(0.5)) < 0.125) discard;
    color = vec4(p, 0.25, 1.0);
    normal = vec4(normalize(vec3(p - 0.5, 0.5)) * 0.5 + 0.5, gain);
    ramp = fract(p.x * 3.0 + p.y);
    uv = sin(p.yx * 6.0) * 0.5 + 0.5;
}
