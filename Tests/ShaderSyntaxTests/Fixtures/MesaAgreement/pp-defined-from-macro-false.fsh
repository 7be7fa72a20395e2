// expect: ok
#define D defined(X)
#if D
#error X is not defined
#endif
void main() { gl_FragColor = vec4(1.0); }
