// expect: ok
precision mediump float;
uniform struct U { vec4 c; } u;
void main() {
    U local = u;
    gl_FragColor = local.c;
}
