// expect: ok
#if 0
#unknown directive
$ @ 09 double
#endif
void main() { gl_FragColor = vec4(1.0); }
