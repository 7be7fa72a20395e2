#version 120
void main() {
    int i = 1.0; // error: cannot convert from 'float' to 'int'
    gl_FragColor = vec4(float(i));
}
