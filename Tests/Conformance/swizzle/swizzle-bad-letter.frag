precision mediump float;
void main() {
    vec4 c = vec4(1.0);
    vec2 a = c.xk; // error: swizzle
    gl_FragColor = vec4(a, 0.0, 1.0);
}
