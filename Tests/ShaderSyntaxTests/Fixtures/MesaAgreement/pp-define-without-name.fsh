// expect: error 3 (mesa: preprocessor error: #define without macro name)
void main() { gl_FragColor = vec4(1.0); }
#define
