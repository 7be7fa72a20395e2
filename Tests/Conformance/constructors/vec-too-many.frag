precision mediump float;
void main() {
    vec2 a = vec2(1.0);
    vec3 v = vec3(a, a, a); // error: too many arguments
    gl_FragColor = vec4(v, 1.0);
}
