// expect: error 4 (mesa: preprocessor error: multiple #else)
#if 0
#else
#else
#endif
void main() { gl_FragColor = vec4(1.0); }
