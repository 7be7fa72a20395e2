precision mediump float;
void main() {
    bool e = vec3(1.0) == vec4(1.0); // error: '=='
    gl_FragColor = vec4(1.0);
}
