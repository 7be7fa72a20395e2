precision mediump float;
void main() {
    gl_FragColor = vec4(1.0);
    gl_FragData[0] = vec4(1.0); // error: gl_FragData
}
