// expect: ok
#extension GL_OES_standard_derivatives : enable
precision mediump float;
void main() { gl_FragColor = vec4(dFdx(1.0)); }
