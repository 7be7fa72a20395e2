// expect: ok
void main() {
    int i = 2;
    gl_FragColor = vec4(i == 2);
}
