// expect: error 2 (mesa: preprocessor error: #endif without #if)
#endif
void main() { gl_FragColor = vec4(1.0); }
