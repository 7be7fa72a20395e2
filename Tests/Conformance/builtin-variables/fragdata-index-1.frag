// mesa-differs: Mesa's gl_MaxDrawBuffers is 8; Shade uses the GLSL ES 1.00 minimum of 1
precision mediump float;
void main() {
    gl_FragData[1] = vec4(1.0); // error: out of range
}
