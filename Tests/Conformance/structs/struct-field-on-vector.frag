precision mediump float;
void main() {
    vec4 v = vec4(1.0);
    gl_FragColor = vec4(v.length); // error:
}
