// expect: error 2 (mesa: preprocessor error: undefined macro true in expression (illegal in GLES))
#if true
#endif
void main() { gl_FragColor = vec4(1.0); }
