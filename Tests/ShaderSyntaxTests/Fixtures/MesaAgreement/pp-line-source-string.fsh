// expect: ok
#line 5 2
#if __FILE__ == 2 && __LINE__ == 5
void main() { gl_FragColor = vec4(1.0); }
#endif
