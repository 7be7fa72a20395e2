// expect: ok
#line 10
#if __LINE__ == 10
void main() { gl_FragColor = vec4(1.0); }
#else
#error wrong line
#endif
