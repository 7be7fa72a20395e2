struct S {
    float x; // error: precision
};
void main() {
    gl_FragColor = vec4(1.0);
}
