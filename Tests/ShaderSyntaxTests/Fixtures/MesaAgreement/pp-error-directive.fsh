// expect: error 2 (mesa: preprocessor error: #error stop here)
#error stop here
void main() { gl_FragColor = vec4(1.0); }
