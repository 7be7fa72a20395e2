precision mediump float;
void main() {
    vec3 v = vec3(1.0);
    float f = v[3]; // error: out of range
    gl_FragColor = vec4(f);
}
