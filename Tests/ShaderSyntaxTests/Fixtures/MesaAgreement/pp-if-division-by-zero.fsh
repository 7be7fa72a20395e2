// expect: error 2 (mesa: preprocessor error: division by 0 in preprocessor directive)
#if 1 / 0
#endif
void main() { gl_FragColor = vec4(1.0); }
