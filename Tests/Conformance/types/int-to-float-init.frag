precision mediump float;
void main() {
    float f = 1; // error: cannot convert from 'int' to 'float'
    gl_FragColor = vec4(f);
}
