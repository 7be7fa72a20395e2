// expect: ok
#if 0
#if 1/0
#endif
#endif
void main() { gl_FragColor = vec4(1.0); }
