// expect: error 3 (mesa: error: #extension directive is not allowed in the middle of a shader)
precision mediump float;
#extension GL_OES_standard_derivatives : enable
void main() { gl_FragColor = vec4(1.0); }
