precision mediump float;
uniform mat3 m;
void main() {
    vec4 v = m * vec4(1.0); // error: '*'
    gl_FragColor = v;
}
