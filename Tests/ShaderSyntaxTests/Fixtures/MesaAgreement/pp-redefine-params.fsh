// expect: error 3 (mesa: preprocessor error: Redefinition of macro A)
#define A(x) x
#define A(y) y
void main() { gl_FragColor = vec4(1.0); }
