// expect: error 2 (mesa: preprocessor error: undefined macro FOO in expression (illegal in GLES))
#if FOO
#endif
void main() { gl_FragColor = vec4(1.0); }
