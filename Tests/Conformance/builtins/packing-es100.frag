precision mediump float;
uniform vec2 v;
void main() {
    float x = float(packHalf2x16(v)); // error: 'packHalf2x16' is not available in GLSL ES 1.00
    gl_FragColor = vec4(x);
}
