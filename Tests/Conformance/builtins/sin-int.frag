precision mediump float;
void main() {
    float s = sin(1); // error: no matching overload for call to 'sin(int)'
    gl_FragColor = vec4(s);
}
