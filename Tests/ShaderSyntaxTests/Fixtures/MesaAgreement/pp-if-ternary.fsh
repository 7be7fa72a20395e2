// expect: error 2 (mesa: preprocessor error: syntax error, unexpected OTHER)
#if 1 ? 1 : 0
#endif
void main() { gl_FragColor = vec4(1.0); }
