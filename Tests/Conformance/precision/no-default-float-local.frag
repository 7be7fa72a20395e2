void main() {
    float x = 1.0; // error: precision
    gl_FragColor = vec4(x);
}
