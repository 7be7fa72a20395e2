// expect: ok
#if defined(FOO) && FOO > 1
#error unreachable
#endif
#if 1 || FOO
void main() { gl_FragColor = vec4(1.0); }
#endif
