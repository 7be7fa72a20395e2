// expect: ok
#define X 1
#extension GL_OES_standard_derivatives : enable
void main() { gl_FragColor = vec4(1.0); }
