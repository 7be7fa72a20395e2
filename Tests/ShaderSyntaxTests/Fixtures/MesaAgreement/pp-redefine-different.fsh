// expect: error 3 (mesa: preprocessor error: Redefinition of macro A)
#define A 1
#define A 2
void main() { gl_FragColor = vec4(1.0); }
