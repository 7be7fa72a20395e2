// expect: ok
#define X 2
#if X == 1
#error one
#elif X == 2
void main() { gl_FragColor = vec4(1.0); }
#else
#error other
#endif
