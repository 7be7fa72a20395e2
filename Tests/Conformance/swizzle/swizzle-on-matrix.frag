precision mediump float;
void main() {
    mat2 m = mat2(1.0);
    vec2 v = m.xy; // error:
    gl_FragColor = vec4(v, 0.0, 1.0);
}
