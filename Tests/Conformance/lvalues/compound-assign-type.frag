precision mediump float;
void main() {
    vec2 v = vec2(1.0);
    v += vec3(1.0); // error:
    gl_FragColor = vec4(v, 0.0, 1.0);
}
