// expect: ok (mesa warns: warning: extension `GL_FOO_bar' unsupported in fragment shader)
#extension GL_FOO_bar : enable
void main() { gl_FragColor = vec4(1.0); }
