#version 110
void main() {
    float a[2];
    float b[2];
    a[0] = 1.0; a[1] = 2.0; b[0] = 1.0; b[1] = 2.0;
    gl_FragColor = vec4(a == b); // error: invalid operands to binary '=='
}
