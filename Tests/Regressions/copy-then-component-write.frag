// regression: writing one component of a copy destroyed the original (issue 13's first repro)
// cause: the store of `st` into `v1` retargeted the division that computed `st`'s slots
// size: 64x64
// uniforms: u_resolution=64,64
precision highp float;
uniform vec2 u_resolution;
void main() {
    vec2 st = gl_FragCoord.xy / u_resolution;
    vec2 v1 = st;
    v1.x = 0.25;
    gl_FragColor = vec4(st, v1);
}
