precision mediump float;
void main() {
    vec3 s = step(vec3(0.5), 0.5); // error: no matching overload
    gl_FragColor = vec4(s, 1.0);
}
