// expect: error 3 (mesa: preprocessor error: syntax error, unexpected IDENTIFIER, expecting NEWLINE)
#if 1
#endif junk
void main() { gl_FragColor = vec4(1.0); }
