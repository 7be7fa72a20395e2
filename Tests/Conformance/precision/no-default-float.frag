uniform float u; // error: precision
void main() {
    gl_FragColor = vec4(u);
}
