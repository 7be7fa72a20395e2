// expect: ok
#define X
#define D defined(X)
#if D
void main() { gl_FragColor = vec4(1.0); }
#endif
