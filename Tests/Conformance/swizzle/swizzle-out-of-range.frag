precision mediump float;
void main() {
    vec2 c = vec2(1.0);
    float z = c.z; // error: swizzle
    gl_FragColor = vec4(z);
}
