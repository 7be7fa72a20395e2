// regression: the classic `rand(vec2 co) { return fract(sin(dot(co.xy, vec2(12.9898, 78.233))) * 43758.5453); }` of a cell `floor(uv) * floor(t + 10.0)` gave another hash than llvmpipe in some cells (Shadertoy lt3SDr: its tiles flipped in a twelfth of the cells)
// cause: NIR works on scalars, so `cell.y` is `floor(uv.y) * k`, used once by the lowered `dot`: the constant moves in (`(floor(uv.y) * 78.233) * k`) and the sum is factored (`k * (floor(uv.y) * 78.233 + floor(uv.x) * 12.9898)`); Shade did not see the components of a local through `floor`, nor `co.xy` of a `vec2 co` as `co`
// size: 48x32
// uniforms: t=0.25
#version 300 es
precision highp float;
uniform float t;
out vec4 colour;
float rand(vec2 co) { return fract(sin(dot(co.xy, vec2(12.9898, 78.233))) * 43758.5453); }
void main() {
    vec2 uv = gl_FragCoord.xy * 0.37;
    vec2 cell = floor(uv) * floor(t + 10.0);
    vec2 other = fract(uv * 0.5) * (t + 3.0);
    colour = vec4(rand(cell), rand(other), rand(cell + 1.0), 1.0);
}
