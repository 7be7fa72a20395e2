// expect: ok
precision mediump float;
void main() {
    vec4 c = vec4(0.1, 0.2, 0.3, 0.4);
    vec2 a = c.xy;
    vec3 b = c.bgr;
    vec4 d = c.stpq;
    vec4 e = c.xxxx;
    float f = a.y;
    vec2 g = a.yx;
    c.zw = vec2(1.0);
    c.wx = c.yz;
    gl_FragColor = vec4(b, f) + d + e + vec4(g, a);
}
