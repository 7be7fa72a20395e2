// expect: ok
#line 0x10
#if __LINE__ == 16
void main() { gl_FragColor = vec4(1.0); }
#endif
