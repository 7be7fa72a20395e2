// expect: error 2 (mesa: preprocessor error: extra tokens at end of directive)
#ifdef A B
#endif
void main() { gl_FragColor = vec4(1.0); }
