precision mediump float;
void main() {
    float f = 0.0;
    f = true; // error: cannot convert from 'bool' to 'float'
    gl_FragColor = vec4(f);
}
