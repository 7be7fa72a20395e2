precision mediump float;
void main() {
    vec4 c = vec4(1.0);
    vec4 d = c.xyzwx; // error: swizzle
    gl_FragColor = d;
}
