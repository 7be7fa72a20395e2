precision mediump float;
varying int count; // error: varying
void main() {
    gl_FragColor = vec4(float(count));
}
