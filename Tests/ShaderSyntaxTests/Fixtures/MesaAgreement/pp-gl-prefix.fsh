// expect: error 2 (mesa: preprocessor error: Macro names starting with "GL_" are reserved.)
#define GL_FOO 1
void main() { gl_FragColor = vec4(1.0); }
