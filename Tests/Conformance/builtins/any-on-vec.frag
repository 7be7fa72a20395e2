precision mediump float;
void main() {
    bool b = any(vec2(1.0)); // error: no matching overload
    gl_FragColor = vec4(1.0);
}
