// regression: updating a copy with a function of the original rendered black (issue 13's second repro)
// cause: `float pct = shape;` retargeted the subtraction that computed `shape`
// size: 128x96
// uniforms: u_resolution=128,96
precision mediump float;
uniform vec2 u_resolution;
void main() {
    vec2 st = gl_FragCoord.xy / u_resolution;
    float shape = 1.0 - st.x;
    float pct = shape;
    pct = min(pct, st.x * shape);
    gl_FragColor = vec4(pct, shape, 0.0, 1.0);
}
