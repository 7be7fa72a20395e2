// expect: error 2 (mesa: error: extension `GL_FOO_bar' unsupported in fragment shader)
#extension GL_FOO_bar : require
void main() { gl_FragColor = vec4(1.0); }
