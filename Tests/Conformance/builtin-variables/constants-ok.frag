// expect: ok
precision mediump float;
uniform vec4 u[gl_MaxFragmentUniformVectors];
void main() {
    float a[gl_MaxTextureImageUnits];
    float b[gl_MaxDrawBuffers];
    a[0] = float(gl_MaxVertexAttribs + gl_MaxVertexUniformVectors + gl_MaxVaryingVectors);
    b[0] = float(gl_MaxVertexTextureImageUnits + gl_MaxCombinedTextureImageUnits);
    gl_FragColor = vec4(a[0], b[0], 0.0, 1.0) + u[0];
}
