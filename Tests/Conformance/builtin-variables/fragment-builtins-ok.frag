// expect: ok
precision mediump float;
void main() {
    vec4 c = gl_FragCoord / 100.0;
    vec2 p = gl_PointCoord;
    float f = gl_FrontFacing ? 1.0 : 0.0;
    float d = gl_DepthRange.near + gl_DepthRange.far + gl_DepthRange.diff;
    gl_FragColor = c + vec4(p, f, d);
}
