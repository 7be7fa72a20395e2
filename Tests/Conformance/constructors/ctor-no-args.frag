precision mediump float;
void main() {
    vec3 v = vec3(); // error:
    gl_FragColor = vec4(v, 1.0);
}
