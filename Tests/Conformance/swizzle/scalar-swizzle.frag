precision mediump float;
void main() {
    float f = 1.0;
    vec2 v = f.xx; // error: swizzle
    gl_FragColor = vec4(v, 0.0, 1.0);
}
