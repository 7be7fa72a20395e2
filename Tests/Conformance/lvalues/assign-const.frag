precision mediump float;
const float k = 1.0;
void main() {
    k = 2.0; // error: 'k' is const and cannot be assigned
    gl_FragColor = vec4(k);
}
